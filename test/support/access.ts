/** Credentials for tests that talk to the HTTP API (every route needs one, issue 6). */
import { Command } from 'commander';
import { registerCredentialCommands } from '../../apps/cli/src/credential-commands';
import { AccessService, Role } from '../../libs/access/src';
import type { Runtime } from '../../libs/platform/src';

export interface TestCredential {
  readonly id: string;
  readonly secret: string;
  /** the headers that present it */
  readonly headers: Record<string, string>;
}

/** Issue one credential: a terminal gets an API key for its casino and tables, anyone else a token. */
export async function issueCredential(
  runtime: Runtime,
  role: Role,
  options: { subject?: string; casinoId?: string; tableIds?: string[]; expiresInMs?: number | null; access?: AccessService } = {},
): Promise<TestCredential> {
  const access = options.access ?? new AccessService(runtime.pool);
  const terminal = role === 'terminal';
  const { secret, credential } = await access.issue({
    roles: [role],
    subject: options.subject ?? `test-${role}`,
    casinoId: options.casinoId ?? (terminal ? 'casino-1' : undefined),
    tableIds: options.tableIds ?? (terminal ? ['T-1'] : undefined),
    expiresInMs: options.expiresInMs,
    issuedBy: 'test',
  });
  return { id: credential.id, secret, headers: terminal ? { 'x-api-key': secret } : { authorization: `Bearer ${secret}` } };
}

/** An admin's headers: the simplest way for a test to use the API as before. */
export async function adminHeaders(runtime: Runtime): Promise<Record<string, string>> {
  return (await issueCredential(runtime, 'admin')).headers;
}

/**
 * Run a `casino-audit` credentials command (credentials, access-log) in this process against this runtime, in
 * English as the tests' assertions are written (the command line speaks the shell's language, issue 16);
 * what it printed. A fresh program per command: commander keeps option values between parses.
 */
export async function runCredentialCommand(runtime: Runtime, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const program = new Command().exitOverride();
  registerCredentialCommands(program, <T>(_: Command, fn: (r: Runtime) => Promise<T>) => fn(runtime));
  let stdout = '';
  let stderr = '';
  const lang = process.env.LANG;
  process.env.LANG = 'en';
  const o = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const e = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    await program.parseAsync(args, { from: 'user' });
  } finally {
    o.mockRestore();
    e.mockRestore();
    if (lang === undefined) delete process.env.LANG;
    else process.env.LANG = lang;
  }
  return { stdout, stderr };
}
