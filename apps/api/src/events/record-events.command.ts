import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import type { IngestInput, IngestResult } from '../../../../libs/ledger/src';
import type { Runtime } from '../../../../libs/platform/src';
import { RUNTIME } from '../runtime.token';

/** Record a batch of facts, atomically (contract §1, §5 POST /events). */
export class RecordEventsCommand {
  constructor(
    readonly inputs: readonly IngestInput[],
    readonly recordedBy?: string,
  ) {}
}

@CommandHandler(RecordEventsCommand)
export class RecordEventsHandler implements ICommandHandler<RecordEventsCommand, IngestResult> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute(command: RecordEventsCommand): Promise<IngestResult> {
    return this.runtime.ingestion.ingest(command.inputs, { recordedBy: command.recordedBy });
  }
}
