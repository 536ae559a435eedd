/**
 * The request body of `POST /api/v1/events` (contract v1 §2–3) as an OpenAPI schema, generated from the
 * table the validator reads (schema.ts), so the published document cannot drift from what is accepted.
 */
import { ENVELOPE_FIELDS, EventTypeSpec, FIELD_SCHEMAS, FieldSpec, JsonSchema } from './schema';

/** One event of each type of `table`: its envelope, and `data` with that type's fields. */
export function openApiSchemaOf(table: Readonly<Record<string, EventTypeSpec>>): JsonSchema {
  return { oneOf: Object.entries(table).map(([type, spec]) => envelopeSchema(type, spec)) };
}

function envelopeSchema(type: string, spec: EventTypeSpec): JsonSchema {
  const properties: Record<(typeof ENVELOPE_FIELDS)[number], JsonSchema> = {
    eventId: FIELD_SCHEMAS.uuid,
    type: { type: 'string', enum: [type] },
    occurredAt: FIELD_SCHEMAS.datetime,
    recordedBy: FIELD_SCHEMAS.text,
    data: dataSchemaOf(spec),
    expectedVersion: { ...FIELD_SCHEMAS.count, description: "the session stream's version this event expects" },
  };
  return { type: 'object', title: type, required: ['eventId', 'type', 'occurredAt', 'data'], properties, additionalProperties: false };
}

/** An event type's `data`: its fields, the required ones, and (an open type) room for a game's own. */
export function dataSchemaOf(spec: EventTypeSpec): JsonSchema {
  const fields = Object.entries(spec.fields);
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map(([name, field]) => [name, fieldSchemaOf(field)])),
    required: fields.filter(([, field]) => !field.optional).map(([name]) => name),
    additionalProperties: spec.open === true,
  };
}

function fieldSchemaOf(field: FieldSpec): JsonSchema {
  const schema = field.oneOf ? { ...FIELD_SCHEMAS[field.kind], enum: [...field.oneOf] } : FIELD_SCHEMAS[field.kind];
  // the validator takes a null optional field as a missing one
  return field.optional ? { ...schema, nullable: true } : schema;
}
