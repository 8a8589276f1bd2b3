// The contact list's infinite scroll: pages of the contact list or of a
// search, read with the client's cursor iterator (`pages`), appended as the
// end of the list scrolls into view. Walking by cursor never repeats or skips
// a contact while others are added or removed.
import { type Contact, type SwitchboardClient, pages } from "@switchboard/client";

/** Contacts per page: a screenful or two. */
export const contactPageSize = 50;

type Render = (contacts: Contact[], append: boolean) => void;

/**
 * ContactScroller fills a list element page by page. `show(q)` starts over
 * (the whole list when q is blank, else a search); later pages load when the
 * sentinel at the list's end becomes visible.
 */
export class ContactScroller {
  private walk: AsyncGenerator<{ data: Contact[]; meta: { nextCursor: string | null } }, void, undefined> | null = null;
  private loading = false;
  private seq = 0;
  private readonly sentinel: HTMLLIElement;
  private readonly observer: IntersectionObserver;

  constructor(
    private readonly api: SwitchboardClient,
    private readonly list: HTMLElement,
    private readonly render: Render,
    private readonly onError: (e: unknown) => void,
  ) {
    this.sentinel = document.createElement("li");
    this.sentinel.className = "empty";
    this.sentinel.dataset["testid"] = "contacts-more";
    this.sentinel.textContent = "Loading…";
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void this.more().catch(this.onError);
    });
  }

  /** show replaces the list with the first page of q's results. */
  async show(q: string): Promise<void> {
    const seq = ++this.seq;
    void this.walk?.return();
    const query = q.trim();
    this.walk = query
      ? pages(this.api, "/v1/contacts/search", { query: { q: query, limit: contactPageSize } })
      : pages(this.api, "/v1/contacts", { query: { limit: contactPageSize } });
    this.loading = false;
    await this.next(seq, false);
  }

  /** more appends the next page, if any and none is loading. */
  async more(): Promise<void> {
    if (this.loading || !this.walk) return;
    await this.next(this.seq, true);
  }

  private async next(seq: number, append: boolean): Promise<void> {
    const walk = this.walk;
    if (!walk) return;
    this.loading = true;
    this.observer.unobserve(this.sentinel);
    try {
      const r = await walk.next();
      if (seq !== this.seq) return; // a newer search started meanwhile
      this.render(r.done ? [] : r.value.data, append);
      if (r.done || r.value.meta.nextCursor === null) {
        this.walk = null;
        this.sentinel.remove();
        return;
      }
      this.list.append(this.sentinel);
      this.observer.observe(this.sentinel);
    } finally {
      if (seq === this.seq) this.loading = false;
    }
  }
}
