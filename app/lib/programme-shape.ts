import * as m from "../i18n/messages";

/*
 * Apart from common/programme-days.ts, which the content's own modules load (content/event-span.ts) before the build has
 * compiled the messages: the agenda's header is the one part of the programme that speaks.
 */

/**
 * What the agenda's header says after the number of sessions: " sessions, one stream." for the reference edition,
 * " sessions in 2 rooms over 3 days." for one that spans days and rooms (in the edition's language: "件のセッション、
 * 2会場、3日間。"). It starts with its space so the header stays one number and one phrase, as it was written for one
 * day and one stream.
 */
export function programmeShape(rooms: number, days: number): string {
  return rooms === 0 ? m.programmeShapeOneStream({ days }) : m.programmeShapeRooms({ rooms, days });
}
