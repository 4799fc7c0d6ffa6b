/**
 * The moderator's token of the browser tests' second server (playwright.config.ts): a fixed test value, 32
 * characters or more as the server requires. A module of its own, so the config can read it without the tests'
 * fixtures.
 */
export const moderatorToken = "e2e-moderator-token-not-a-secret-0123456789";
