import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new","--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
const r = await lighthouse(process.argv[2]!, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
console.log(JSON.stringify(r!.lhr.audits["layout-shifts"]?.details, null, 1).slice(0, 2500));
console.log(JSON.stringify(r!.lhr.audits["largest-contentful-paint-element"]?.details, null, 1).slice(0, 1500));
await chrome.kill();
