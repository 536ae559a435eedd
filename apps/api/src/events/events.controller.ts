import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CORE_EVENT_TYPES, gameEventTypes, IngestInput, IngestResult, openApiSchemaOf, parseNdjson } from '../../../../libs/ledger/src';
import { RecordEventsCommand } from './record-events.command';
import { principalOf } from '../auth/access.guard';
import { Roles } from '../auth/roles';
import { NO_PARAMETERS, Parameters } from '../params/parameters';
import { RefusedBatch } from './write-access';

@ApiTags('events')
@Controller('api/v1/events')
export class EventsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @Roles('terminal', 'pit', 'finance', 'compliance', 'admin')
  @HttpCode(200)
  @Parameters(NO_PARAMETERS)
  @ApiOperation({
    summary: 'Record facts (contract §2–3): a JSON array or NDJSON body, atomic per request',
    description:
      'Every event is validated; if any is refused, nothing of the request is stored and the response names the index/line, field and reason of each refusal. Re-sending an event is a no-op reported as duplicate. Each role may send only its own event types, a terminal only for its own table(s), a casino-scoped credential only for its casino (403 naming the event index and type).',
  })
  @ApiConsumes('application/json', 'application/x-ndjson')
  // generated from the validator's own table: every core event type and every game's own facts, with their fields
  @ApiBody({ schema: { type: 'array', items: openApiSchemaOf({ ...CORE_EVENT_TYPES, ...gameEventTypes() }) } })
  @ApiResponse({ status: 200, description: '{ appended, duplicate, refused: 0, events: [...] }' })
  @ApiResponse({ status: 400, description: 'malformed input: { refused, refusals: [{ index, line?, field, reason }] }' })
  @ApiResponse({
    status: 403,
    description: 'an event type the role may not send, or a table or casino outside the credential: { refused, refusals: [{ index, eventId, field, reason }] }',
  })
  @ApiResponse({ status: 409, description: 'an event id reused with other content, or a stream not at the expected version' })
  @ApiResponse({ status: 422, description: 'facts that cannot be: unknown or closed session, unknown round, a card or pocket not on this equipment' })
  async record(@Body() body: unknown, @Req() req: Request): Promise<IngestResult> {
    const inputs = toInputs(body, req.headers['content-type'] ?? '');
    const result: IngestResult = await this.commands.execute(new RecordEventsCommand(inputs, principalOf(req)));
    // its status from the one refusal mapping (refusals.ts), as the count-room form's
    if (!result.ok) throw new RefusedBatch(result);
    return result;
  }
}

function toInputs(body: unknown, contentType: string): IngestInput[] {
  if (typeof body === 'string' || contentType.includes('ndjson')) return parseNdjson(typeof body === 'string' ? body : '');
  if (Array.isArray(body)) return body.map((value) => ({ value }));
  if (body && typeof body === 'object' && Object.keys(body).length) return [{ value: body }];
  return [];
}
