/**
 * The count room's results for one table session, as a form rather than raw events:
 * `POST /api/v1/sessions/{sessionId}/counts { drop?, tips?, cagnotte?, countedBy[], occurredAt?, eventIds? }`
 * records DropBoxCounted / TipsBoxCounted / CagnotteBoxCounted through the same path as POST /events
 * (same validation, same write policy, atomic). Finance and admin only.
 */
import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import type { IngestResult } from '../../../../libs/ledger/src';
import { principalOf } from '../auth/access.guard';
import { Roles } from '../auth/roles';
import { Parameters } from '../params/parameters';
import { COUNTS_PARAMETERS } from '../sessions/sessions.params';
import { RecordEventsCommand } from '../events/record-events.command';
import { RefusedBatch } from '../events/write-access';
import { DomainError } from '../../../../libs/platform/src/domain-error';
import { because, keyed } from '../../../../libs/i18n/src/reasons';

const BOX_EVENTS = { drop: 'DropBoxCounted', tips: 'TipsBoxCounted', cagnotte: 'CagnotteBoxCounted' } as const;

/** The envelopes of a count-room form (shared with the CLI's `count` command). */
export function countEnvelopes(
  sessionId: string,
  body: { drop?: unknown; tips?: unknown; cagnotte?: unknown; countedBy?: unknown; occurredAt?: unknown; eventIds?: Record<string, unknown> },
  recordedBy?: string,
) {
  const occurredAt = typeof body.occurredAt === 'string' ? body.occurredAt : new Date().toISOString();
  const out: Array<{ eventId: string; type: string; occurredAt: string; recordedBy?: string; data: Record<string, unknown> }> = [];
  for (const [box, type] of Object.entries(BOX_EVENTS)) {
    const amount = (body as Record<string, unknown>)[box];
    if (amount === undefined || amount === null) continue;
    const eventId = typeof body.eventIds?.[box] === 'string' ? String(body.eventIds[box]) : randomUUID();
    out.push({ eventId, type, occurredAt, ...(recordedBy ? { recordedBy } : {}), data: { sessionId, amount, countedBy: body.countedBy } });
  }
  return out;
}

@ApiTags('count room')
@Controller('api/v1/sessions')
export class CountsController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':sessionId/counts')
  @Roles('finance', 'admin')
  @ApiOperation({ summary: 'Record the count room results of a session (DropBoxCounted, TipsBoxCounted, CagnotteBoxCounted), atomically' })
  @Parameters(COUNTS_PARAMETERS)
  async record(@Param('sessionId') sessionId: string, @Body() body: Parameters<typeof countEnvelopes>[1], @Req() req: Request) {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new DomainError('malformed', { field: '(body)', ...keyed(because('counts.object')) });
    const envelopes = countEnvelopes(sessionId, body);
    if (!envelopes.length) throw new DomainError('malformed', { field: '(body)', ...keyed(because('counts.none')) });
    const result: IngestResult = await this.commands.execute(
      new RecordEventsCommand(
        envelopes.map((value) => ({ value })),
        principalOf(req),
      ),
    );
    if (!result.ok) throw new RefusedBatch(result);
    return result;
  }
}
