import { type Config, getConfig } from "../../config";
import { createProviders } from "./index";
import type { AiProvider } from "./types";

/**
 * The providers of this process, built once per configuration: their SDK clients keep connections
 * alive between calls, and a test that changes the environment (resetConfig) gets new ones.
 */
let cached: { config: Config; providers: Map<string, AiProvider> } | undefined;

export function getProviders(): Map<string, AiProvider> {
  const config = getConfig();
  if (cached?.config !== config) {
    cached = { config, providers: new Map(createProviders(config).map((provider) => [provider.id, provider])) };
  }
  return cached.providers;
}
