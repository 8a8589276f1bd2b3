// Calendar days in an IANA time zone, with what the browser has (Intl): the
// report's range is whole local days, from the first day's midnight to the
// midnight after the last, in the zone whose days the report counts.

const parts = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = parts.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    parts.set(timeZone, f);
  }
  return f;
}

function fields(timeZone: string, t: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(t))) if (p.type !== "literal") out[p.type] = Number(p.value);
  return out;
}

/** The zone's offset from UTC at instant t, in milliseconds. */
function offsetAt(timeZone: string, t: number): number {
  const f = fields(timeZone, t);
  const asUTC = Date.UTC(f["year"] ?? 1970, (f["month"] ?? 1) - 1, f["day"] ?? 1, f["hour"] ?? 0, f["minute"] ?? 0, f["second"] ?? 0);
  return asUTC - (t - (((t % 1000) + 1000) % 1000));
}

/** Whether the browser knows the zone. */
export function validZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The date (YYYY-MM-DD) of instant t in the zone. */
export function dateIn(timeZone: string, t = Date.now()): string {
  const f = fields(timeZone, t);
  return `${f["year"]}-${String(f["month"]).padStart(2, "0")}-${String(f["day"]).padStart(2, "0")}`;
}

/** The instant the day starts in the zone (its first moment, which a clock change may move off midnight). */
export function startOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  // Twice: the offset at the guess may differ from the offset at the answer
  // when the clocks change that night.
  let t = wall - offsetAt(timeZone, wall);
  t = wall - offsetAt(timeZone, t);
  return new Date(t);
}

/** The day n days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + n)).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length <= 400; d = addDays(d, 1)) out.push(d);
  return out;
}
