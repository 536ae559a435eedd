/** Record a simulated gaming day (libs/simulator) through real ingestion, batch by batch, as a day of terminals would. */
import type { IngestionService } from '../../libs/ledger/src';
import { SimulationManifest, SimulationOptions, simulateDay } from '../../libs/simulator/src';

/** Every batch must be accepted whole (the simulator plays by the rules' own croupiers); returns the manifest. */
export async function recordSimulatedDay(
  ingestion: IngestionService,
  options: SimulationOptions,
  manifest: { value?: SimulationManifest } = {},
): Promise<SimulationManifest> {
  for (const batch of simulateDay(options, manifest)) {
    const r = await ingestion.ingest(batch.map((value) => ({ value })));
    expect(r.refusals).toEqual([]);
  }
  return manifest.value!;
}
