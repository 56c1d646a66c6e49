import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { UnknownEventError, UUID_TAIL } from '../../functions/adapters/external-calendar';
import { db, tableName } from '../../functions/data/client';
import { standInKeys } from './standin-keys';
import type { ExternalCalendar } from '../../functions/domain/ports';

/** What the local stand-in keeps of an event scheduled in its embed page. */
export interface LocalCalendlyEvent {
  id: string;
  /** The coach's calendar link the event was scheduled on. */
  calendarUrl: string;
  start: string;
  end: string;
  name: string;
  status: 'active' | 'canceled';
  inviteeId: string;
  createdAt: string;
}

/** The local stand-in's user of a calendar link: one per Calendly username, as at Calendly. */
export function localCalendlyUser(siteOrigin: string, calendarUrl: string): string {
  const username = new URL(calendarUrl).pathname.split('/').filter(Boolean)[0]?.toLowerCase() ?? '';
  return `${siteOrigin}/_local/calendly/users/${encodeURIComponent(username)}`;
}

const localEventsPrefix = (siteOrigin: string) => `${siteOrigin}/_local/calendly/scheduled_events/`;

/** Stores an event the local embed scheduled; answers with its event and invitee URIs. */
export async function storeLocalCalendlyEvent(
  siteOrigin: string,
  event: Omit<LocalCalendlyEvent, 'id' | 'inviteeId' | 'createdAt'>,
): Promise<{ eventUri: string; inviteeUri: string }> {
  const stored: LocalCalendlyEvent = {
    ...event,
    id: randomUUID(),
    inviteeId: randomUUID(),
    createdAt: new Date().toISOString(),
  };
  await db().send(
    new PutCommand({ TableName: tableName(), Item: { ...standInKeys.calendlyEvent(stored.id), ...stored } }),
  );
  const eventUri = `${localEventsPrefix(siteOrigin)}${stored.id}`;
  return { eventUri, inviteeUri: `${eventUri}/invitees/${stored.inviteeId}` };
}

/**
 * Calendly without Calendly, for the local stack: consent and the booking embed are local pages
 * (bin/local/calendly-standin.ts) and scheduled events live in the table.
 */
export function localCalendar(siteOrigin: string): ExternalCalendar {
  const prefix = localEventsPrefix(siteOrigin);
  const isEventUri = (eventUri: string) => eventUri.startsWith(prefix) && UUID_TAIL.test(eventUri.slice(prefix.length));
  return {
    authorizeUrl: ({ state, redirectUri }) =>
      `${siteOrigin}/_local/calendly/authorize?${new URLSearchParams({ state, redirect_uri: redirectUri })}`,
    async exchangeCode(code) {
      const calendarUrl = /^local-code-([A-Za-z0-9_-]+)$/.exec(code)?.[1];
      if (!calendarUrl) throw new Error('The local Calendly stand-in did not issue this code');
      return {
        accessToken: `local-access-${randomBytes(12).toString('hex')}`,
        refreshToken: `local-refresh-${randomBytes(12).toString('hex')}`,
        expiresAt: new Date(Date.now() + 2 * 60 * 60_000).toISOString(),
        account: localCalendlyUser(siteOrigin, Buffer.from(calendarUrl, 'base64url').toString('utf8')),
      };
    },
    isEventUri,
    async scheduledEvent(tokens, eventUri) {
      if (!isEventUri(eventUri)) throw new UnknownEventError('Not a local Calendly event');
      const { Item } = await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: standInKeys.calendlyEvent(eventUri.slice(prefix.length)),
          ConsistentRead: true,
        }),
      );
      if (!Item) throw new UnknownEventError('Local Calendly event not found');
      const event = Item as unknown as LocalCalendlyEvent;
      return {
        start: event.start,
        end: event.end,
        name: event.name,
        status: event.status,
        hosts: [localCalendlyUser(siteOrigin, event.calendarUrl)],
        tokens,
      };
    },
  };
}

/** The code the local consent page issues for the Calendly user of `calendarUrl`. */
export const localCalendlyCode = (calendarUrl: string) =>
  `local-code-${Buffer.from(calendarUrl, 'utf8').toString('base64url')}`;
