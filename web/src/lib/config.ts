import { runtimeConfigSchema, type RuntimeConfig } from '#shared/schemas/common';

let loaded: Promise<RuntimeConfig> | undefined;

/** Runtime settings from GET /config.json (written by the CDK in AWS, by the gateway locally), checked once. */
export function loadConfig(): Promise<RuntimeConfig> {
  loaded ??= fetch('/config.json', { cache: 'no-store' })
    .then((response) => {
      if (!response.ok) throw new Error(`config.json answered ${response.status}`);
      return response.json();
    })
    .then((json) => runtimeConfigSchema.parse(json));
  return loaded;
}
