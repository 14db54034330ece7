/**
 * Embed sessions are created by an organization's integration clients with the role admin or master, never by a
 * person (ARCHITECTURE.md#embed-sessions): the client vouches for the people of its own organization.
 */
import { definePolicy } from '../../http/policy.js';

export const embedSessionPolicy = definePolicy({
  create: 'admin',
});

export const embedSessionMessages = {
  clientsOnly: 'Only an integration client of this organization may create embed sessions.',
  ownerAccount: 'An embed session cannot be created for this account.',
  aboveClientRole: "An embed session cannot be created for a member whose role is above the client's.",
  accountSuspended: 'This account has been suspended.',
  membershipSuspended: 'This membership has been suspended.',
  membershipRemoved: 'This person was removed from the organization; a master may add them again.',
  memberNotFound: 'This person is not a member of the organization.',
  externalIdTaken: 'This external id belongs to another member of the organization.',
  externalIdDiffers: 'This member already has another external id.',
  nameRequired: 'The name field is required.',
} as const;
