import type { Role } from '@tessera/sdk';

/** A member row as the stories show it (the fields of the Members table, spec 2.9). */
export interface StoryMember {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: 'active' | 'suspended';
  /** ISO timestamp. */
  joined: string;
}

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Margaret', 'Niklaus', 'Radia', 'Tim'];
const LAST_NAMES = ['Hopper', 'Lovelace', 'Knuth', 'Liskov', 'Turing'];
const ROLES: Role[] = ['user', 'user', 'admin', 'user', 'master'];

/** 60 members with distinct names, one joining per day from 2024-01-01, every seventh suspended. */
export const MEMBERS: StoryMember[] = FIRST_NAMES.flatMap((first, firstIndex) =>
  LAST_NAMES.map((last, lastIndex) => {
    const index = firstIndex * LAST_NAMES.length + lastIndex;
    return {
      id: `member-${String(index + 1).padStart(2, '0')}`,
      name: `${first} ${last}`,
      email: `${first}.${last}@example.com`.toLowerCase(),
      role: ROLES[index % ROLES.length],
      status: index % 7 === 6 ? 'suspended' : 'active',
      joined: new Date(Date.UTC(2024, 0, 1 + index, 9, 30)).toISOString(),
    };
  }),
);

/** The members in name order: what the first page shows and what a search should find. */
export const MEMBERS_BY_NAME = [...MEMBERS].sort((a, b) => a.name.localeCompare(b.name));

/** The organization's groups, as a tag picker offers them. */
export const GROUP_OPTIONS = ['Safety team', 'Night shift', 'New starters', 'Warehouse', 'Office'].map((label, index) => ({
  id: `group-${index + 1}`,
  label,
}));
