/**
 * The title of a session's recording among its links: what schedule apps show, what the export writes and what the
 * import reads back as the session's recording. A module of its own, so that the import loads nothing of the export,
 * which names the interface's messages and so needs a build's catalogue (`npm run import` runs on a fresh clone).
 */
export const recordingTitle = "Recording";
