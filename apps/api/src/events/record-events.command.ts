import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import type { AccessService, Principal } from '../../../../libs/access/src';
import type { IngestInput, IngestResult } from '../../../../libs/ledger/src';
import type { Runtime } from '../../../../libs/platform/src';
import { ACCESS } from '../auth/access.guard';
import { DomainError } from '../../../../libs/platform/src/domain-error';
import { RUNTIME } from '../runtime.token';
import { allowedTablesOf, casinoRefusals, typeRefusals, WriteRefusal } from './write-access';

/** Record a batch of facts, atomically (contract §1, §5 POST /events), as this principal. */
export class RecordEventsCommand {
  constructor(
    readonly inputs: readonly IngestInput[],
    readonly principal: Principal,
  ) {}
}

@CommandHandler(RecordEventsCommand)
export class RecordEventsHandler implements ICommandHandler<RecordEventsCommand, IngestResult> {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(ACCESS) private readonly access: AccessService,
  ) {}

  async execute({ inputs, principal }: RecordEventsCommand): Promise<IngestResult> {
    let refusals: WriteRefusal[] = typeRefusals(principal, inputs);
    if (!refusals.length) refusals = await casinoRefusals(principal, inputs, this.access, this.runtime.recordStore);
    if (refusals.length) {
      // nothing of the request is stored: the same shape as ingestion's refusals, answered as forbidden
      throw new DomainError('forbidden', {
        error: 'Forbidden',
        reason: refusals[0].reason,
        reasonKey: refusals[0].reasonKey,
        reasonValues: refusals[0].reasonValues,
        ok: false,
        appended: 0,
        duplicate: 0,
        refused: new Set(refusals.map((r) => r.index)).size,
        refusals: refusals.map((r) => ({ ...r, kind: 'access' })),
        events: [],
      });
    }
    return this.runtime.ingestion.ingest(inputs, { recordedBy: principal.subject, allowedTables: allowedTablesOf(principal) });
  }
}
