// The "remote API" of the getting-started guide: notes kept in a JSON file, so that every
// provider process Terraform starts sees the same objects (a real provider calls an HTTP API).
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export interface Note {
  readonly title: string;
  readonly body: string | null;
  readonly pinned: boolean;
  readonly createdAt: string;
}

export class NotesApi {
  readonly #file: string;

  constructor(file: string) {
    this.#file = file;
  }

  #load(): Record<string, Note> {
    return existsSync(this.#file)
      ? (JSON.parse(readFileSync(this.#file, "utf8")) as Record<string, Note>)
      : {};
  }

  #save(notes: Record<string, Note>): void {
    writeFileSync(this.#file, JSON.stringify(notes, null, 2));
  }

  create(note: Omit<Note, "createdAt">): { id: string; note: Note } {
    const notes = this.#load();
    const id = `note-${Object.keys(notes).length + 1}`;
    const created: Note = { ...note, createdAt: new Date().toISOString() };
    this.#save({ ...notes, [id]: created });
    return { id, note: created };
  }

  get(id: string): Note | undefined {
    return this.#load()[id];
  }

  update(id: string, changes: Omit<Note, "createdAt">): Note {
    const notes = this.#load();
    const current = notes[id];
    if (current === undefined) throw new Error(`note ${id} not found`);
    const updated: Note = { ...current, ...changes };
    this.#save({ ...notes, [id]: updated });
    return updated;
  }

  delete(id: string): void {
    const { [id]: _gone, ...rest } = this.#load();
    this.#save(rest);
  }
}
