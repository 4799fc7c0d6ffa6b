/**
 * Plays an HLS playlist in a video element (decision 041): with the browser's own HLS where it has one (Safari,
 * iOS, Android), else with hls.js, imported here and only here, so it is a chunk of its own that the page fetches
 * when the visitor presses play, never in its first JavaScript. The full build, not the light one (a third
 * smaller): only the full one shows a stream's captions (CEA-608 in the video, or WebVTT subtitles) as the video's
 * text tracks, and a live stream has no captions but its own. `onFailure` is called once, when the stream cannot be played (not
 * on air, unreachable, or a browser that can play no HLS at all). Returns what stops the playback.
 */
export async function playHls(video: HTMLVideoElement, url: string, onFailure: () => void): Promise<() => void> {
  if (video.canPlayType("application/vnd.apple.mpegurl") !== "") {
    video.addEventListener("error", onFailure, { once: true });
    video.src = url;
    return () => {
      video.removeEventListener("error", onFailure);
      video.removeAttribute("src");
    };
  }
  const { default: Hls } = await import("hls.js");
  if (!Hls.isSupported()) {
    onFailure();
    return () => {
      // Nothing was started, so nothing is stopped.
    };
  }
  // No worker: it would run from a blob: URL, which the pages' security policy does not allow (worker-src).
  const hls = new Hls({ enableWorker: false });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    hls.destroy();
    onFailure();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => {
    hls.destroy();
  };
}
