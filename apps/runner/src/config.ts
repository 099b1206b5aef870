import { z } from 'zod';

const configSchema = z.object({
  MONGODB_URI: z.string().min(1),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
});

export type Config = z.infer<typeof configSchema>;

/** Reads and validates the process configuration; a bad value stops the process at start. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  return parsed.data;
}
