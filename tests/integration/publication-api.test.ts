import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { savePublication } from '../../functions/data/coach-settings';
import { getProfile } from '../../functions/data/profiles';
import { handler as addAvailability } from '../../functions/handlers/add-availability';
import { handler as getCoach } from '../../functions/handlers/get-coach';
import { handler as getSetupChecklist } from '../../functions/handlers/get-setup-checklist';
import { handler as updatePublication } from '../../functions/handlers/update-publication';
import { handler as updateRates } from '../../functions/handlers/update-rates';
import { callHandler, sampleProfile, type TestCaller, withTestTable } from '../support/handler-kit';

const table = withTestTable();
const mentor: TestCaller = { userId: 'mentor-1' };
const mentee: TestCaller = { userId: 'mentee-1' };

const publish = (caller: TestCaller, published: boolean) =>
  callHandler(updatePublication, { method: 'PUT', path: '/api/me/publication', body: { published }, caller });
const setRates = (caller: TestCaller, body: Record<string, unknown>) =>
  callHandler(updateRates, { method: 'PUT', path: '/api/me/rates', body, caller });
const checklist = async () =>
  (await callHandler(getSetupChecklist, { method: 'GET', path: '/api/me/publication', caller: mentor })).body;
const coachPage = (userId: string) => callHandler(getCoach, { method: 'GET', path: `/api/coaches/${userId}` });
const isListed = async (userId: string) => (await coachPage(userId)).status === 200;

beforeAll(async () => {
  await table.put(sampleProfile(mentor.userId, 'mentor'), sampleProfile(mentee.userId, 'mentee'));
});

describe('publishing a mentor profile', () => {
  it('refuses an incomplete setup with 409 SETUP_INCOMPLETE listing what is missing', async () => {
    const response = await publish(mentor, true);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('SETUP_INCOMPLETE');
    expect(response.body.error.details.map((d: { item: string }) => d.item)).toEqual(['profile', 'availability']);
    expect(await isListed(mentor.userId)).toBe(false);
  });

  it('publishes once rates, bio and a slot are set, and the coach appears in the directory', async () => {
    const rates = await setRates(mentor, {
      hourlyRateCents: 18000,
      offersFreeConsult: true,
      freeConsultMinutes: 30,
      coachBio: 'I moved from the ICU to hospital leadership and help others do the same.',
    });
    expect(rates.status).toBe(200);
    const date = DateTime.now().setZone('America/Chicago').plus({ days: 3 }).toISODate();
    const slot = await callHandler(addAvailability, {
      method: 'POST',
      path: '/api/me/availability',
      body: { date, startTime: '18:00', endTime: '20:00', recurring: true, timezone: 'America/Chicago' },
      caller: mentor,
    });
    expect(slot.status).toBe(201);

    expect(await checklist()).toEqual({
      published: false,
      ready: true,
      done: ['profile', 'availability'],
      missing: [],
      missingProfileFields: [],
    });

    expect((await publish(mentor, true)).status).toBe(200);
    expect(await isListed(mentor.userId)).toBe(true);
    expect((await coachPage(mentor.userId)).body).toMatchObject({
      hourlyRateCents: 18000,
      offersFreeConsult: true,
      freeConsultMinutes: 30,
    });
  });

  it('always lets a mentor unpublish, which hides them from the directory', async () => {
    expect((await publish(mentor, false)).status).toBe(200);
    expect(await isListed(mentor.userId)).toBe(false);
  });

  it('refuses rates below $1 with the spec message and keeps the stored rate', async () => {
    const response = await setRates(mentor, { hourlyRateCents: 50, offersFreeConsult: false });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('Please enter a valid hourly rate of at least $1.00');
    expect((await checklist()).done).toContain('profile');
  });

  it('never lists a profile that stopped being a mentor after the checklist was read', async () => {
    const checked = await getProfile(mentee.userId);
    if (!checked) throw new Error('the mentee has a profile');
    const staleMentor = { ...checked, userType: 'mentor' as const };
    expect(await savePublication(staleMentor, true, new Date())).toBe(false);
    expect(await isListed(mentee.userId)).toBe(false);
  });

  it('is for mentors only', async () => {
    expect((await publish(mentee, true)).status).toBe(403);
    expect((await setRates(mentee, { hourlyRateCents: 100, offersFreeConsult: false })).status).toBe(403);
  });
});
