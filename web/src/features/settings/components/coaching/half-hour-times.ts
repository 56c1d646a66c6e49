import { SLOT_STEP_MINUTES } from '@functions/domain/constants';
import { DateTime } from 'luxon';

const MINUTES_PER_DAY = 24 * 60;

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const label = (minute: number) =>
  DateTime.fromObject({ hour: 0 }).plus({ minutes: minute }).toFormat('h:mm a') +
  (minute === MINUTES_PER_DAY ? ' (midnight)' : '');

const choicesBetween = (first: number, last: number) =>
  Array.from({ length: (last - first) / SLOT_STEP_MINUTES + 1 }, (_, index) => {
    const minute = first + index * SLOT_STEP_MINUTES;
    return { value: hhmm(minute), label: label(minute) };
  });

/** Spec section 5: times in 30-minute steps over the day; a window may end at midnight ('24:00'). */
export const START_TIME_CHOICES = choicesBetween(0, MINUTES_PER_DAY - SLOT_STEP_MINUTES);
export const END_TIME_CHOICES = choicesBetween(SLOT_STEP_MINUTES, MINUTES_PER_DAY);
