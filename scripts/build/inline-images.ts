/**
 * Small SVG images written into the page that shows them (docs/decisions/032, 033). A page's logos and portraits
 * are SVG files of about 1 KB each, and a page such as the home page shows 22 of them: as files, a slow phone
 * fetches each on a connection of its own, started before the first paint (lazy or not, those just under the first
 * screen count as near), where they share the bandwidth with the fonts the largest text waits for. Written into the
 * HTML as `data:` URLs they cost a few hundred compressed bytes and no request at all. Larger images and images in
 * any other format (an edition's photographs) stay files. The site's icon is written in the same way: the browser
 * fetches an icon file on a connection of its own, which a slow phone opened before the first paint had shown
 * (docs/decisions/034).
 */

/** An SVG file up to this size is written into the page; 2 KB holds the logos and portraits an edition uses. */
export const inlineLimit = 2048;

/** An `<img src="/...svg">`, and a `<link rel="icon" href="/...svg">`: the element up to the path, the path, the rest. */
const smallImageReferences = [
  /(<img\b[^>]*?\ssrc=")(\/[^"]+\.svg)("[^>]*>)/g,
  /(<link\b[^>]*?\srel="icon"[^>]*?\shref=")(\/[^"]+\.svg)("[^>]*>)/g,
];

/** React's server renderer preloads the images a page shows eagerly: `<link rel="preload" as="image" href="...">`. */
const imagePreload = /<link\b(?=[^>]*\srel="preload")(?=[^>]*\sas="image")[^>]*?\shref="(\/[^"]+\.svg)"[^>]*>/g;

/**
 * The page with each SVG image and icon whose file `read` returns (at most `inlineLimit` bytes) as a `data:` URL,
 * and without the preloads of those files: the page holds them, and the browser warns of a preload left unused.
 * `read` gives a file's text by its site path, or undefined when there is no such file.
 */
export function inlineSmallImages(html: string, read: (sitePath: string) => string | undefined): string {
  const small = (sitePath: string) => {
    const svg = read(sitePath);
    return svg !== undefined && Buffer.byteLength(svg) <= inlineLimit ? svg : undefined;
  };
  return smallImageReferences.reduce(
    (page, reference) =>
      page.replace(reference, (whole, before: string, src: string, after: string) => {
        const svg = small(src);
        return svg === undefined ? whole : `${before}data:image/svg+xml,${encodeURIComponent(svg)}${after}`;
      }),
    html.replace(imagePreload, (whole, href: string) => (small(href) === undefined ? whole : "")),
  );
}
