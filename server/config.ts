import { z } from "zod";

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "PORT must be a number" })
    .int("PORT must be a whole number")
    .min(0, "PORT must be between 0 and 65535")
    .max(65535, "PORT must be between 0 and 65535")
    .default(3000),
  HOST: z
    .string()
    .trim()
    .min(1, "HOST must not be empty")
    .regex(/^[A-Za-z0-9.:-]+$/, "HOST must be a host name or an IP address")
    .default("0.0.0.0"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  CLIENT_DIR: z.string().trim().min(1, "CLIENT_DIR must not be empty").default("build/client"),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the server's settings from the environment; a bad value throws one readable line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  // An empty variable counts as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? "environment");
  throw new ConfigError(
    `Invalid configuration: ${issue?.message ?? `${name} is invalid`} (got ${JSON.stringify(env[name])})`,
  );
}
