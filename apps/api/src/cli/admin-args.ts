import { parseArgs } from 'node:util';
import { WORKSPACE_PLANS, type WorkspacePlan } from '@outreach/domain';

/** One parsed admin command; every field was checked, so the commands need no more validation. */
export type AdminCommand =
  | { kind: 'workspace create'; name: string; plan: WorkspacePlan }
  | { kind: 'apikey create'; workspaceId: string }
  | { kind: 'apikey revoke'; keyPrefix: string; workspaceId: string | undefined }
  | { kind: 'account create'; workspaceId: string; name: string; publicIdentifier: string | undefined }
  | { kind: 'account reconnect'; workspaceId: string; accountId: string }
  | { kind: 'user reset-link'; email: string; baseUrl: string | undefined }
  | { kind: 'user disable' | 'user enable'; email: string }
  | { kind: 'help' };

export interface ParsedArgs {
  command: AdminCommand;
  json: boolean;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `usage: outreach-admin <command> [options] [--json]

commands:
  workspace create --name <name> --plan <starter|pro|agency>
  apikey create --workspace <ws_...>
  apikey revoke --key-prefix <prefix> [--workspace <ws_...>]
  account create --workspace <ws_...> --name <name> [--public-identifier <id>]
  account reconnect --workspace <ws_...> --account <acc_...>
  user reset-link <email> [--base-url <API URL>]   a 30-minute link to set a new password
  user disable <email>                              ends their sessions; no sign-in until enabled
  user enable <email>

MONGODB_URI names the database; on local runs (NETWORK_PROVIDER=sandbox, the default) UNIPILE_DSN
names the Unipile simulator, where account reconnect re-establishes the session. --json prints machine-readable output.`;

const OPTIONS = {
  name: { type: 'string' },
  plan: { type: 'string' },
  workspace: { type: 'string' },
  account: { type: 'string' },
  'key-prefix': { type: 'string' },
  'public-identifier': { type: 'string' },
  'base-url': { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** Parses `argv` (without the node and script entries) into one command, or throws `UsageError`. */
export function parseAdminArgs(argv: readonly string[]): ParsedArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const json = values.json;
  if (values.help || positionals.length === 0) return { command: { kind: 'help' }, json };
  const [resource, action, ...extra] = positionals;
  const verb = `${resource} ${action ?? ''}`.trim();
  if (verb === 'user reset-link' || verb === 'user disable' || verb === 'user enable') {
    const [email, ...more] = extra;
    if (!email || !email.includes('@')) throw new UsageError(`${verb} needs the e-mail address`);
    if (more.length > 0) throw new UsageError(`unexpected argument: ${more.join(' ')}`);
    const address = email.trim().toLowerCase();
    if (verb === 'user reset-link')
      return { command: { kind: verb, email: address, baseUrl: values['base-url'] }, json };
    return { command: { kind: verb, email: address }, json };
  }
  if (extra.length > 0) throw new UsageError(`unexpected argument: ${extra.join(' ')}`);

  switch (verb) {
    case 'workspace create':
      return { command: { kind: verb, name: required(values.name, 'name'), plan: plan(values.plan) }, json };
    case 'apikey create':
      return { command: { kind: verb, workspaceId: required(values.workspace, 'workspace') }, json };
    case 'apikey revoke':
      return {
        command: {
          kind: verb,
          keyPrefix: required(values['key-prefix'], 'key-prefix'),
          workspaceId: values.workspace,
        },
        json,
      };
    case 'account create':
      return {
        command: {
          kind: verb,
          workspaceId: required(values.workspace, 'workspace'),
          name: required(values.name, 'name'),
          publicIdentifier: values['public-identifier'],
        },
        json,
      };
    case 'account reconnect':
      return {
        command: {
          kind: verb,
          workspaceId: required(values.workspace, 'workspace'),
          accountId: required(values.account, 'account'),
        },
        json,
      };
    default:
      throw new UsageError(`unknown command: ${verb}`);
  }
}

function required(value: string | undefined, option: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`--${option} is required`);
  return value.trim();
}

function plan(value: string | undefined): WorkspacePlan {
  const given = required(value, 'plan');
  const known = WORKSPACE_PLANS.find((p) => p === given);
  if (!known) throw new UsageError(`--plan must be one of ${WORKSPACE_PLANS.join(', ')}`);
  return known;
}
