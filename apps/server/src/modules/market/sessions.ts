/** An instrument's trading hours and its session right now, as the quote page and /market/getMaket show them. */
import type { InstrumentDef } from '../../market/instruments/index.js';
import { calendarOf } from '../../market/sessions.js';
import type { Quote } from '../../market/types.js';

const hhmm = (minutes: number, end: boolean): string => {
  if (end && minutes === 24 * 60) return '24:00';
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

export interface SessionState {
  open: boolean;
  phase: Quote['phase'];
  nextOpen: Date | null;
  nextClose: Date | null;
}

export function sessionOf(def: InstrumentDef, state: SessionState, now: Date) {
  const calendar = calendarOf(def);
  return {
    timeZone: calendar.timeZone,
    everyDay: calendar.everyDay,
    hours: calendar.templates.map((t) => ({
      phase: t.phase,
      start: hhmm(t.start, false),
      end: hhmm(t.end, true),
      startsPreviousDay: t.start < 0,
    })),
    open: state.open,
    phase: state.phase,
    nextOpen: state.nextOpen?.getTime() ?? null,
    nextClose: state.nextClose?.getTime() ?? null,
    time: now.getTime(),
  };
}
