/** The append's signature, its data as jsonb (store migrations 6–11) or as json (12): what grants and settings name. */
export const appendSignature = (data: 'jsonb' | 'json') =>
  `ca_append(text[], uuid[], text[], ${data}[], jsonb[], text[], text[], integer[], text[], text[], jsonb)`;
