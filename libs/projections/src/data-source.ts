/**
 * The read models' TypeORM data source: entities and real migrations, applied at start-up
 * (never `synchronize`).
 */
import { DataSource } from 'typeorm';
import { ProjectionCheckpointEntity } from './checkpoint.entity';
import { ReadModelSnapshotEntity } from './snapshot.entity';
import { DayComplianceEntity, TableDiceEntity } from './day-compliance/day-compliance.entity';
import { DayComplianceProjection } from './day-compliance/day-compliance.projection';
import { EquipmentCountsEntity, EquipmentSessionEntity, EquipmentShoeEntity } from './equipment/equipment.entity';
import { EquipmentProjection } from './equipment/equipment.projection';
import { InspectorLogEntity } from './inspector-log/inspector-log.entity';
import { InspectorLogProjection } from './inspector-log/inspector-log.projection';
import { JackpotMovementEntity, JackpotPoolEntity } from './jackpots/jackpot.entity';
import { JackpotProjection } from './jackpots/jackpot.projection';
import { TableBook1763700000000 } from './migrations/1763700000000-table-book';
import { TableBookCorrections1763800000000 } from './migrations/1763800000000-table-book-corrections';
import { ReportReadModels1763800000001 } from './migrations/1763800000001-report-read-models';
import { RoundStartStates1763900000000 } from './migrations/1763900000000-round-start-states';
import { SessionFindings1764000000000 } from './migrations/1764000000000-session-findings';
import { DayCompliance1764100000001 } from './migrations/1764100000001-day-compliance';
import { SessionCompliance1764100000000 } from './migrations/1764100000000-session-compliance';
import { Performance1764500000000 } from './migrations/1764500000000-performance';
import { PerformanceCroupiers1764500000001 } from './migrations/1764500000001-performance-croupiers';
import {
  PerformanceCusumEntity,
  PerformanceDayEntity,
  PerformanceRoundEntity,
  PerformanceSessionEntity,
  PerformanceSumsEntity,
} from './performance/performance.entity';
import { PerformanceProjection } from './performance/performance.projection';
import { Equipment1764600000000 } from './migrations/1764600000000-equipment';
import { PlayerFigures1764600000001 } from './migrations/1764600000001-player-figures';
import { DayCompliancePhrases1764700000000 } from './migrations/1764700000000-day-compliance-phrases';
import { ReadModelSnapshots1764800000000 } from './migrations/1764800000000-read-model-snapshots';
import { PlayerFiguresEntity, PlayerOpenBetEntity } from './players/player-figures.entity';
import { PlayerFiguresProjection } from './players/player-figures.projection';
import { ReconciliationEntity } from './reconciliation/reconciliation.entity';
import { ReconciliationProjection } from './reconciliation/reconciliation.projection';
import { RoundVerdictEntity } from './round-verdicts/round-verdict.entity';
import { RoundVerdictProjection } from './round-verdicts/round-verdict.projection';
import { TableBookEntity } from './table-book/table-book.entity';
import { TableBookProjection } from './table-book/table-book.projection';
import type { Projection } from './projection';

/** One entity per read-model table: its one definition, checked against the migrations by read-model-schema.spec.ts. */
export const READ_MODEL_ENTITIES = [
  TableBookEntity,
  ProjectionCheckpointEntity,
  ReadModelSnapshotEntity,
  ReconciliationEntity,
  JackpotPoolEntity,
  JackpotMovementEntity,
  RoundVerdictEntity,
  InspectorLogEntity,
  DayComplianceEntity,
  TableDiceEntity,
  PerformanceSessionEntity,
  PerformanceRoundEntity,
  PerformanceSumsEntity,
  PerformanceDayEntity,
  PerformanceCusumEntity,
  EquipmentSessionEntity,
  EquipmentCountsEntity,
  EquipmentShoeEntity,
  PlayerFiguresEntity,
  PlayerOpenBetEntity,
];
export const READ_MODEL_MIGRATIONS = [
  TableBook1763700000000,
  TableBookCorrections1763800000000,
  ReportReadModels1763800000001,
  RoundStartStates1763900000000,
  SessionFindings1764000000000,
  SessionCompliance1764100000000,
  DayCompliance1764100000001,
  Performance1764500000000,
  PerformanceCroupiers1764500000001,
  Equipment1764600000000,
  PlayerFigures1764600000001,
  DayCompliancePhrases1764700000000,
  ReadModelSnapshots1764800000000,
];

export function readModelDataSource(url: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: READ_MODEL_ENTITIES,
    migrations: READ_MODEL_MIGRATIONS,
    migrationsTableName: 'ca_read_model_migrations',
    migrationsRun: false,
    synchronize: false,
    logging: false,
  });
}

/** Every projection the system runs, in the order they are fed. */
export function allProjections(): Projection[] {
  return [
    new TableBookProjection(),
    new ReconciliationProjection(),
    new JackpotProjection(),
    new RoundVerdictProjection(),
    new InspectorLogProjection(),
    new DayComplianceProjection(),
    new PerformanceProjection(),
    new EquipmentProjection(),
    new PlayerFiguresProjection(),
  ];
}
