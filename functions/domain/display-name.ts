/** The parts of a person every display name is made of (a profile, a coach, a session's other party). */
export interface NamedPerson {
  firstName: string;
  lastName: string;
  credentials?: string | null;
}

/** 'Ada Okafor'. */
export const fullName = ({ firstName, lastName }: NamedPerson): string => `${firstName} ${lastName}`;

/** 'Ada Okafor, MD, FACS', or just the name without credentials: how a party is introduced. */
export const nameWithCredentials = (person: NamedPerson): string =>
  person.credentials ? `${fullName(person)}, ${person.credentials}` : fullName(person);

/** 'Ada O.': how a mentee signs a public rating (first name and the initial of the last). */
export const reviewerName = ({ firstName, lastName }: NamedPerson): string =>
  `${firstName} ${lastName.slice(0, 1)}.`.trim();
