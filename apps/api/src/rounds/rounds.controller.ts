import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { replayInLanguage, replayNarrative, RoundReplay } from '../../../../libs/replay/src';
import { answerLanguage } from '../language';
import { ReplayRoundQuery } from './replay.query';
import { timeZones } from '../../../../libs/reports/src/local-time';
import { READERS, Roles } from '../auth/roles';
import { Parameters } from '../params/parameters';
import { REPLAY_PARAMETERS } from './rounds.params';

@ApiTags('replay')
@Controller('api/v1/rounds')
export class RoundsController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':roundId/replay')
  @Roles(...READERS)
  @ApiOperation({ summary: 'Replay a round and judge it against its regulation (contract §6); ?format=text for the narrative' })
  @Parameters(REPLAY_PARAMETERS)
  async replay(
    @Param('roundId') roundId: string,
    @Query('format') format: string | undefined,
    @Query('full') full: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    // `format` and `full` are checked against REPLAY_PARAMETERS by the access guard, once
    // an unknown round is the replay's RoundNotFoundError, answered 404 naming roundId (refusals.ts)
    const replay: RoundReplay = await this.queries.execute(new ReplayRoundQuery(roundId, full === 'true'));
    if (format === 'text') {
      res.type('text/plain');
      return replayNarrative(replay, undefined, answerLanguage(req, res));
    }
    // the zone people read the round's times in (issue 20 §6); its instants stay as recorded; each
    // finding explained in the caller's language with its legal-form citation (issue 16)
    return { ...replayInLanguage(replay, answerLanguage(req, res)), timeZone: timeZones().of(replay.casinoId) };
  }
}
