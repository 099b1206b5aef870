/**
 * Writes `src/generated/openapi.generated.ts` from `openapi.yaml` with openapi-typescript.
 *
 *   pnpm --filter @outreach/contract generate           rewrite the file
 *   pnpm --filter @outreach/contract generate -- --check fail when the committed file is stale
 *
 * The generated file is committed because type-checks read it without a build; the drift test in
 * `test/generated-types.test.ts` and `--check` (run by `build`) keep it in step with the document.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

export const openApiYamlUrl = new URL('../openapi.yaml', import.meta.url);
export const generatedTypesUrl = new URL('../src/generated/openapi.generated.ts', import.meta.url);

/** The text of the generated types, computed in memory. */
export async function generateOpenApiTypes(): Promise<string> {
  const ast = await openapiTS(openApiYamlUrl, {
    // Request fields with a `default` stay optional: the client may leave them out.
    defaultNonNullable: false,
    silent: true,
  });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

export async function readCommittedTypes(): Promise<string> {
  return readFile(generatedTypesUrl, 'utf8');
}

async function main(argv: readonly string[]): Promise<number> {
  const generated = await generateOpenApiTypes();
  const target = fileURLToPath(generatedTypesUrl);
  if (argv.includes('--check')) {
    const committed = await readCommittedTypes().catch(() => '');
    if (committed === generated) return 0;
    console.error(`${target} is stale: run \`pnpm --filter @outreach/contract generate\` and commit it.`);
    return 1;
  }
  await writeFile(generatedTypesUrl, generated);
  console.log(`wrote ${target}`);
  return 0;
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  process.exitCode = await main(process.argv.slice(2));
}
