/** The ElectroDB service name shared by every entity of the one table. */
export const SERVICE = 'shop';

export const timestamps = {
  createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
  updatedAt: {
    type: 'string',
    required: true,
    watch: '*',
    default: () => new Date().toISOString(),
    set: () => new Date().toISOString(),
  },
} as const;

/** Optimistic concurrency: every admin update states the version it read (docs/decisions/0003). */
export const version = { type: 'number', required: true, default: 1 } as const;
