/**
 * `casino-audit credentials …` and `casino-audit access-log` (issue 6, "Access"). The command line
 * talks to the database directly, so whoever can run it against the database is trusted: it is how
 * the first credentials are made (`serve` also prints one admin token when none is active).
 */
import { Command, InvalidArgumentError } from 'commander';
import * as os from 'node:os';
import { BadRequestException } from '@nestjs/common';
import { AccessRecord, AccessService, CredentialError, CredentialInfo, Issued, parseDuration, shownText, SigningKeyError } from '../../../libs/access/src';
import { accessLogAnswer } from '../../api/src/auth/access-log.page';
import { ACCESS_LOG_PARAMETERS } from '../../api/src/auth/access-log.params';
import { checkQuery } from '../../api/src/params/parameters';
import { config, Runtime } from '../../../libs/platform/src';
import { refusalInLanguage, wordReason } from '../../../libs/i18n/src/reasons';
import type { Language } from '../../../libs/i18n/src';
import { argvLanguage, cliLanguage, cliSay, reasonIn } from './language';

type Say = ReturnType<typeof cliSay>;

export type WithRuntime = <T>(program: Command, fn: (runtime: Runtime) => Promise<T>) => Promise<T>;

const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
const err = (text: string) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);

/** Who runs the command line, as recorded in `issuedBy`, `revokedBy` and the access log. */
export const cliOperator = () => {
  try {
    return `cli:${os.userInfo().username}`;
  } catch {
    return 'cli';
  }
};

const collect = (value: string, previous: string[] = []) => [
  ...previous,
  ...value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean),
];

function duration(value: string): number | null {
  try {
    return parseDuration(value);
  } catch (error) {
    throw new InvalidArgumentError(reasonIn(argvLanguage(), error as Error));
  }
}

/** One credential on a line; its kind, status and roles are codes, the rest in the command's language. */
function describe(say: Say, c: CredentialInfo): string {
  return (
    `${c.id} ${c.kind.padEnd(7)} ${c.status.padEnd(7)} ${c.roles.join(',').padEnd(12)} ${c.subject} (` +
    say.t('credentials.describe', {
      casino: c.casinoId ?? 'all',
      tables: c.tableIds.length ? c.tableIds.join(', ') : 'none',
      issuedAt: c.issuedAt,
      issuedBy: c.issuedBy,
      expires: c.expiresAt ?? 'never',
      revokedAt: c.revokedAt ?? 'none',
      revokedBy: c.revokedBy ?? '',
      why: c.revokeReason ?? 'none',
    }) +
    ')'
  );
}

/** A record with every string in it (keys and values, however nested) as a terminal may show it. */
function shownRecord(record: AccessRecord): AccessRecord {
  const shown = (v: unknown): unknown =>
    typeof v === 'string'
      ? shownText(v)
      : Array.isArray(v)
        ? v.map(shown)
        : v && typeof v === 'object' && !(v instanceof Date)
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [shownText(k), shown(x)]))
          : v;
  return shown(record) as AccessRecord;
}

function printRecords(say: Say, records: AccessRecord[]) {
  if (!records.length) {
    out(say.t('accessLog.none'));
    return;
  }
  // one line per record whatever a caller sent: control characters are shown escaped (storable.ts)
  for (const r of records.map(shownRecord)) {
    // a refused credential, or requests that named nobody (no credential, no such route): counted per minute and address
    if (r.kind === 'credential' || r.kind === 'anonymous') {
      const repeats = r.attempts > 1 ? say.t('accessLog.repeats', { attempts: r.attempts, until: String(r.lastAt) }) : '';
      const claimed = r.claimedCredentialId ? say.t('accessLog.claimed', { credential: r.claimedCredentialId }) : '';
      out(`${r.at}  ${say.t('accessLog.refused')} ${r.kind} ${r.address ?? '?'}${claimed}${repeats}  ${r.method} ${r.route}  — ${r.reason}`);
      continue;
    }
    const params = Object.entries({ ...r.params, ...r.query })
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(' ');
    const status = r.status === null ? '' : `  ${r.status}`;
    out(
      `${r.at}  ${r.outcome === 'denied' ? `${say.t('accessLog.denied')} ` : ''}${r.kind.padEnd(10)} ${r.subject} [${r.roles.join(',')}]${r.credentialId ? ` (${r.credentialId})` : ''}  ${r.method} ${r.route}${params ? `  ${params}` : ''}  format=${r.format}${status}${r.reason ? `  — ${r.reason}` : ''}`,
    );
  }
}

export function registerCredentialCommands(program: Command, withRuntime: WithRuntime) {
  const credentials = program.command('credentials');
  const run = async <T>(fn: (access: AccessService, runtime: Runtime) => Promise<T>): Promise<T | undefined> => {
    try {
      return await withRuntime(program, (runtime) => fn(new AccessService(runtime.pool), runtime));
    } catch (error) {
      if (!(error instanceof CredentialError || error instanceof SigningKeyError)) throw error;
      err(`casino-audit: ${reasonIn(cliLanguage(program), error)}`);
      process.exitCode = 2;
      return undefined;
    }
  };

  credentials
    .command('issue')
    .requiredOption('--role <roles>', '', collect)
    .requiredOption('--subject <who>')
    .option('--casino <id>')
    .option('--table <ids>', '', collect)
    .option('--expires-in <duration>', '', duration)
    .option('--json')
    .action(async (opts: { role: string[]; subject: string; casino?: string; table?: string[]; expiresIn?: number | null; json?: boolean }) => {
      const issued = await run((access) =>
        access.issue({
          roles: opts.role,
          subject: opts.subject,
          casinoId: opts.casino,
          tableIds: opts.table,
          expiresInMs: opts.expiresIn,
          issuedBy: cliOperator(),
        }),
      );
      if (!issued) return;
      if (opts.json) {
        out(JSON.stringify({ secret: issued.secret, ...issued.credential }, null, 2));
        return;
      }
      const say = cliSay(cliLanguage(program));
      err(say.t('credentials.issued', { credential: describe(say, issued.credential) }));
      err(say.t('credentials.sendAs', { header: issued.credential.kind === 'api-key' ? 'X-Api-Key: <key>' : 'Authorization: Bearer <token>' }));
      out(issued.secret);
    });

  credentials
    .command('revoke')
    .argument('<id>')
    .option('--reason <text>')
    .action(async (id: string, opts: { reason?: string }) => {
      const revoked = await run((access) => access.revoke(id, cliOperator(), opts.reason));
      const say = cliSay(cliLanguage(program));
      if (revoked) out(say.t('credentials.revoked', { credential: describe(say, revoked) }));
    });

  credentials
    .command('list')
    .option('--all')
    .option('--json')
    .action(async (opts: { all?: boolean; json?: boolean }) => {
      const list = await run((access) => access.list({ all: opts.all }));
      if (!list) return;
      const say = cliSay(cliLanguage(program));
      if (opts.json) out(JSON.stringify(list, null, 2));
      else if (!list.length) out(say.t(opts.all ? 'credentials.noneIssued' : 'credentials.noneActive'));
      else for (const c of list) out(describe(say, c));
    });

  credentials
    .command('rotate-key')
    .option('--json')
    .action(async (opts: { json?: boolean }) => {
      const rotation = await run((access) => access.rotateSigningKey());
      if (!rotation) return;
      if (opts.json) out(JSON.stringify(rotation, null, 2));
      else {
        const say = cliSay(cliLanguage(program));
        out(say.t('credentials.rotated', { kid: rotation.kid, source: rotation.source, previous: rotation.previousKid ?? 'none' }));
        if (rotation.environmentValue) {
          err(say.t('credentials.inEnvironment'));
          out(`CASINO_AUDIT_SIGNING_KEY=${rotation.environmentValue}`);
        }
      }
    });

  program
    .command('access-log')
    .option('--from <when>')
    .option('--to <when>')
    .option('--limit <n>')
    .option('--cursor <next>')
    .option('--all')
    .option('--json')
    .action(async (opts: { from?: string; to?: string; limit?: string; cursor?: string; all?: boolean; json?: boolean }) => {
      // the options are the API's parameters, checked against the same declaration
      const say = cliSay(cliLanguage(program));
      const [refused] = checkQuery(ACCESS_LOG_PARAMETERS, { from: opts.from, to: opts.to, limit: opts.limit, cursor: opts.cursor });
      if (refused) {
        err(`casino-audit: --${refused.field}: ${refusalInLanguage(refused, say.lang).reason}`);
        process.exitCode = 2;
        return;
      }
      const answer = await run(async (access) => {
        const first = await accessLogAnswer(access, opts);
        if (!opts.all) return first;
        // every page, one at a time (the window stays the first page's)
        const records = [...first.records];
        let page = first;
        while (page.next) {
          page = await accessLogAnswer(access, { ...opts, cursor: page.next });
          records.push(...page.records);
        }
        return { ...first, count: records.length, next: null, records };
      }).catch((error) => {
        if (!(error instanceof BadRequestException)) throw error;
        const { field, reason } = refusalInLanguage(error.getResponse() as { field: string; reason: string }, say.lang);
        err(`casino-audit: --${field}: ${reason}`);
        process.exitCode = 2;
        return undefined;
      });
      if (!answer) return;
      if (opts.json) out(JSON.stringify(answer, null, 2));
      else {
        printRecords(say, answer.records);
        if (answer.next)
          err(
            say.t('accessLog.more', {
              count: say.n(answer.count),
              about: answer.totalIsEstimate ? 'yes' : 'no',
              total: say.n(answer.total),
              next: answer.next,
            }),
          );
      }
    });
}

/**
 * For `serve`: when no admin credential is active (a fresh machine), issue an admin token for 24 h
 * and print it once, so the API and the demo can be used at once; otherwise say how to get one.
 * CASINO_AUDIT_BOOTSTRAP=off never issues one (credentials then come only from `credentials issue`).
 */
export async function announceBootstrapCredential(runtime: Runtime, print: (line: string) => void = out, lang: Language = 'en'): Promise<Issued | null> {
  const access = new AccessService(runtime.pool);
  const say = cliSay(lang);
  // where the token signing key comes from: a deployment should not leave it in the database (issue 20 §4)
  print(wordReason(await access.signingKeySourceKeyed(), lang));
  // a deployment that manages its credentials itself and keeps no admin token active turns this off
  const issued = config().CASINO_AUDIT_BOOTSTRAP ? await access.bootstrapAdmin() : null;
  if (issued) {
    print(say.t('serve.bootstrapIssued', { id: issued.credential.id, expires: issued.credential.expiresAt ?? '' }));
    print(issued.secret);
    print(say.t('serve.bootstrapUse', { id: issued.credential.id }));
  } else {
    print(say.t('serve.bootstrapNone'));
  }
  return issued;
}

/** Record a read made from the command line (replay, report) in the access log, as the operator. */
export async function recordCliRead(
  runtime: Runtime,
  kind: 'replay' | 'report' | 'export',
  command: string,
  params: Record<string, unknown>,
  format: string,
): Promise<void> {
  await new AccessService(runtime.pool).record({
    principal: { subject: cliOperator(), roles: [] },
    kind,
    method: 'CLI',
    route: command,
    path: command,
    params,
    format,
    outcome: 'allowed',
  });
}
