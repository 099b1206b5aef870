import type { Request } from 'express';
import type { Mailer } from './mailer.js';
import type { PeopleDirectory } from './people-directory.js';

/** What the people operations need beyond the repositories. */
export interface PeopleServices {
  directory: PeopleDirectory;
  mailer: Mailer;
  /** The request, for signing someone in (its headers) and for links on its own origin. */
  request: Request;
  /** The API's public URL when configured; links are otherwise built on the request's origin. */
  publicUrl?: string | undefined;
}

/** The console's address for a path (`/invitations?token=…`), on the API's public origin. */
export function consoleLink(people: PeopleServices, path: string): string {
  const base =
    people.publicUrl ?? `${people.request.protocol}://${people.request.get('host') ?? 'localhost'}`;
  return `${base.replace(/\/$/, '')}/console${path}`;
}
