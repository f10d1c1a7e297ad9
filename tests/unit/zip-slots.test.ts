import { describe, expect, it } from "vitest";
import {
  reserveZipSlot,
  zipStreamsInFlight,
  zipStreamsOfClient,
  type ZipSlot,
} from "@/lib/features/engagement/zip-slots";

/** The release of a granted slot (fails the test when it was refused). */
function granted(slot: ZipSlot): () => void {
  if (!slot.ok) throw new Error(`refused: ${slot.reason}`);
  return slot.release;
}
let clients = 0;
/** A holder with an address of its own. */
const at = (companyId: string, clientKey = `client-${++clients}`) => ({ companyId, clientKey });

describe("download-all stream slots", () => {
  it("hands out at most `perProcess` slots at once, each released once", () => {
    const before = zipStreamsInFlight();
    const limits = { perProcess: before + 2, perCompany: 10, perClient: 10 };
    const a = granted(reserveZipSlot(at("co-a"), limits));
    const b = granted(reserveZipSlot(at("co-b"), limits));
    expect(reserveZipSlot(at("co-c"), limits)).toEqual({ ok: false, reason: "busy" });
    a();
    a(); // a second release of the same slot frees nothing more
    expect(zipStreamsInFlight()).toBe(before + 1);
    const c = granted(reserveZipSlot(at("co-c"), limits));
    expect(reserveZipSlot(at("co-a"), limits)).toEqual({ ok: false, reason: "busy" });
    b();
    c();
    expect(zipStreamsInFlight()).toBe(before);
  });

  it("gives one company at most `perCompany` of them: the others still start (issue #34, row 11)", () => {
    const limits = { perProcess: zipStreamsInFlight() + 4, perCompany: 2, perClient: 10 };
    const crowd = [
      granted(reserveZipSlot(at("co-busy"), limits)),
      granted(reserveZipSlot(at("co-busy"), limits)),
    ];
    expect(reserveZipSlot(at("co-busy"), limits)).toEqual({ ok: false, reason: "busy" });
    expect(zipStreamsInFlight("co-busy")).toBe(2);
    const other = granted(reserveZipSlot(at("co-quiet"), limits));
    crowd[0]!();
    crowd[0]!();
    expect(zipStreamsInFlight("co-busy")).toBe(1);
    const again = granted(reserveZipSlot(at("co-busy"), limits));
    for (const release of [crowd[1]!, other, again]) release();
    expect(zipStreamsInFlight("co-busy")).toBe(0);
    expect(zipStreamsInFlight("co-quiet")).toBe(0);
  });

  it("gives one address at most `perClient` of them, whatever the companies; other addresses still start", () => {
    const limits = { perProcess: zipStreamsInFlight() + 10, perCompany: 10, perClient: 2 };
    const mine = [
      granted(reserveZipSlot(at("co-x", "one-address"), limits)),
      granted(reserveZipSlot(at("co-y", "one-address"), limits)),
    ];
    expect(reserveZipSlot(at("co-z", "one-address"), limits)).toEqual({ ok: false, reason: "client" });
    expect(zipStreamsOfClient("one-address")).toBe(2);
    const theirs = granted(reserveZipSlot(at("co-z", "another-address"), limits));
    mine[0]!();
    mine[0]!();
    expect(zipStreamsOfClient("one-address")).toBe(1);
    const again = granted(reserveZipSlot(at("co-z", "one-address"), limits));
    for (const release of [mine[1]!, theirs, again]) release();
    expect(zipStreamsOfClient("one-address")).toBe(0);
    expect(zipStreamsOfClient("another-address")).toBe(0);
  });
});
