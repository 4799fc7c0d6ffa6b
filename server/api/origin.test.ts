import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import { SiteOrigins } from "./origin";

describe("The origins allowed to vote and ask", () => {
  const siteUrl = "https://glosaic.example/2031/";

  it("takes the edition's site with its scheme and port, and the configured origins, never a look-alike", () => {
    const origins = new SiteOrigins(siteUrl, ["https://talks.example.org", "http://staging.example.org:8080/"]);
    for (const allowed of [
      "https://glosaic.example",
      "https://glosaic.example:443",
      "https://talks.example.org",
      "http://staging.example.org:8080",
    ]) {
      expect(origins.allows(allowed), allowed).toBe(true);
    }
    for (const refused of [
      "http://glosaic.example",
      "https://glosaic.example:8443",
      "https://glosaic.example.evil.example",
      "http://staging.example.org",
      "null",
      "",
      "not a url",
    ]) {
      expect(origins.allows(refused), refused).toBe(false);
    }
  });

  it("takes the addresses the server listens on once it does, and keeps them while it drains", () => {
    const origins = new SiteOrigins(siteUrl, []);
    expect(origins.allows("http://127.0.0.1:3000")).toBe(false);
    origins.listensAt({ address: "127.0.0.1", family: "IPv4", port: 3000 });
    for (const allowed of ["http://127.0.0.1:3000", "http://localhost:3000"]) {
      expect(origins.allows(allowed), allowed).toBe(true);
    }
    for (const refused of ["https://localhost:3000", "http://localhost:3001", "http://127.0.0.2:3000"]) {
      expect(origins.allows(refused), refused).toBe(false);
    }
    // Closed: server.address() is null, and the requests still in flight are from the same pages.
    origins.listensAt(null);
    expect(origins.allows("http://localhost:3000")).toBe(true);
  });

  it("on every interface, takes each of the machine's addresses and localhost", () => {
    const everywhere = new SiteOrigins(siteUrl, []);
    everywhere.listensAt({ address: "0.0.0.0", family: "IPv4", port: 3000 });
    const addresses = Object.values(networkInterfaces()).flatMap((infos) => (infos ?? []).map((info) => info.address));
    expect(addresses).toContain("127.0.0.1");
    for (const address of [...addresses, "localhost"]) {
      const allowed = `http://${address.includes(":") ? `[${address}]` : address}:3000`;
      expect(everywhere.allows(allowed), allowed).toBe(true);
    }
    expect(everywhere.allows("http://192.0.2.1:3000")).toBe(false);
    const ipv6 = new SiteOrigins(siteUrl, []);
    ipv6.listensAt({ address: "::1", family: "IPv6", port: 80 });
    expect(ipv6.allows("http://[::1]")).toBe(true);
    expect(ipv6.allows("http://localhost")).toBe(true);
  });
});
