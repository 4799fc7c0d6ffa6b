import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Announcement, AnnouncementLevel, StageShow, StreamSource } from "../../common/show-contract";
import type { Database } from "./schema";
import {
  minuteOf,
  viewerHistoryMs,
  viewerReportMaxAgeMs,
  type KeptShow,
  type KeptViewers,
  type ShowStore,
  type StageChange,
} from "./show-store";

/** A server that has not reported for this long is gone: its latest counts are deleted with the old minutes. */
const deadServerMs = 60 * 60_000;

/**
 * The show store over Kysely, the same for both engines: every write is one statement (an upsert or a delete), so
 * none needs a transaction, which on SQLite would span turns of the event loop (sqlite.ts). A write tells this
 * store's listeners and, through `tellOthers` (PostgreSQL's NOTIFY, postgres-counts-channel.ts), the other servers'.
 */
export class KyselyShowStore implements ShowStore {
  /** This store's name among the servers reporting viewers: one per process, never a person's. */
  private readonly serverId = randomUUID();
  private readonly listeners = new Set<() => void>();
  private changeScheduled = false;
  /** The minute of the last pruning of old viewer rows: once a minute is enough. */
  private prunedMinute: string | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    readonly edition: string,
    private readonly tellOthers: () => void = () => undefined,
  ) {}

  async show(): Promise<KeptShow> {
    const [stages, announcement] = await Promise.all([
      this.db.selectFrom("show_stages_by_edition").selectAll().where("edition", "=", this.edition).execute(),
      this.db
        .selectFrom("show_announcements_by_edition")
        .selectAll()
        .where("edition", "=", this.edition)
        .executeTakeFirst(),
    ]);
    return {
      stages: new Map(
        stages.map((row) => [
          row.stage,
          {
            delayMinutes: row.delay_minutes,
            delayFrom: row.delay_from,
            onStage: row.on_stage,
            stream: row.stream as StreamSource,
            questionSession: row.question_session,
          } satisfies StageShow,
        ]),
      ),
      announcement: announcement
        ? {
            id: announcement.id,
            text: announcement.text,
            link: announcement.link,
            level: announcement.level as AnnouncementLevel,
            until: announcement.until,
          }
        : null,
    };
  }

  async changeStage(stage: string, change: StageChange): Promise<void> {
    const columns = {
      ...(change.delayMinutes === undefined ? {} : { delay_minutes: change.delayMinutes }),
      ...(change.delayFrom === undefined ? {} : { delay_from: change.delayFrom }),
      ...(change.onStage === undefined ? {} : { on_stage: change.onStage }),
      ...(change.stream === undefined ? {} : { stream: change.stream }),
    };
    if (Object.keys(columns).length === 0) return;
    // An untouched stage gets its row, the columns not given at their defaults (idle); a touched one keeps them.
    await this.db
      .insertInto("show_stages_by_edition")
      .values({ edition: this.edition, stage, ...columns })
      .onConflict((conflict) => conflict.columns(["edition", "stage"]).doUpdateSet(columns))
      .execute();
    this.changed();
  }

  async announce(announcement: Announcement | null): Promise<void> {
    if (announcement === null) {
      await this.db.deleteFrom("show_announcements_by_edition").where("edition", "=", this.edition).execute();
    } else {
      const { id, text, link, level, until } = announcement;
      await this.db
        .insertInto("show_announcements_by_edition")
        .values({ edition: this.edition, id, text, link, level, until })
        .onConflict((conflict) => conflict.column("edition").doUpdateSet({ id, text, link, level, until }))
        .execute();
    }
    this.changed();
  }

  async reportViewers(counts: ReadonlyMap<string, number>, at: Date): Promise<void> {
    if (counts.size === 0) return;
    const { edition, serverId } = this;
    const reportedAt = at.toISOString();
    const minute = minuteOf(at);
    const rows = [...counts].map(([stage, viewers]) => ({ edition, stage, viewers, server_id: serverId }));
    await this.db
      .insertInto("show_viewers_by_edition")
      .values(rows.map((row) => ({ ...row, reported_at: reportedAt })))
      .onConflict((conflict) =>
        conflict.columns(["edition", "server_id", "stage"]).doUpdateSet((eb) => ({
          viewers: eb.ref("excluded.viewers"),
          reported_at: eb.ref("excluded.reported_at"),
        })),
      )
      .execute();
    // The most of the minute: `case` rather than max() or greatest(), which the two engines spell differently.
    await this.db
      .insertInto("show_viewer_minutes_by_edition")
      .values(rows.map((row) => ({ ...row, minute })))
      .onConflict((conflict) =>
        conflict.columns(["edition", "minute", "stage", "server_id"]).doUpdateSet({
          viewers: sql<number>`case when excluded.viewers > show_viewer_minutes_by_edition.viewers
            then excluded.viewers else show_viewer_minutes_by_edition.viewers end`,
        }),
      )
      .execute();
    if (this.prunedMinute !== minute) {
      this.prunedMinute = minute;
      await this.db
        .deleteFrom("show_viewer_minutes_by_edition")
        .where("edition", "=", edition)
        .where("minute", "<=", minuteOf(new Date(at.getTime() - viewerHistoryMs)))
        .execute();
      await this.db
        .deleteFrom("show_viewers_by_edition")
        .where("edition", "=", edition)
        .where("reported_at", "<", new Date(at.getTime() - deadServerMs).toISOString())
        .execute();
    }
  }

  async viewers(at: Date, stage?: string): Promise<KeptViewers> {
    const viewers = sql<number>`cast(sum(viewers) as integer)`.as("viewers");
    const [now, minutes] = await Promise.all([
      this.db
        .selectFrom("show_viewers_by_edition")
        .select(["stage", viewers])
        .where("edition", "=", this.edition)
        .where("reported_at", ">", new Date(at.getTime() - viewerReportMaxAgeMs).toISOString())
        .$if(stage !== undefined, (query) => query.where("stage", "=", stage ?? ""))
        .groupBy("stage")
        .execute(),
      this.db
        .selectFrom("show_viewer_minutes_by_edition")
        .select(["stage", "minute", viewers])
        .where("edition", "=", this.edition)
        .where("minute", ">", minuteOf(new Date(at.getTime() - viewerHistoryMs)))
        .$if(stage !== undefined, (query) => query.where("stage", "=", stage ?? ""))
        .groupBy(["stage", "minute"])
        .orderBy("minute")
        .execute(),
    ]);
    const history = new Map<string, [string, number][]>();
    for (const row of minutes) {
      const points = history.get(row.stage) ?? [];
      points.push([row.minute, row.viewers]);
      history.set(row.stage, points);
    }
    return { now: new Map(now.map((row) => [row.stage, row.viewers])), history };
  }

  onShowChanged(listener: () => void) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The show changed through this server (a write here, or a pin's moderation): everyone hears of it. */
  changed() {
    this.heard();
    this.tellOthers();
  }

  /** The show changed, as another server's notice said: this store's listeners hear of it, once this turn. */
  heard() {
    if (this.listeners.size === 0 || this.changeScheduled) return;
    this.changeScheduled = true;
    setImmediate(() => {
      this.changeScheduled = false;
      for (const listener of this.listeners) listener();
    });
  }
}
