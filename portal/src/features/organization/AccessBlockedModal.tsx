import { Button } from '@tessera/widgets/ui';
import { useNavigate } from 'react-router';
import type { AccessBlock } from '../../api/outcome';
import { DialogActions, ModalDialog } from '../../ui/Dialog';
import { Text } from '../../ui/Page';

/** The access modals of spec 2.3 (texts in section 8). */
const ACCESS_BLOCK_TEXTS: Record<AccessBlock, { title: string; text: string }> = {
  membership_suspended: {
    title: 'Membership Suspended',
    text: 'Your membership with this organization has been suspended.',
  },
  email_unconfirmed: {
    title: 'Email Confirmation Required',
    text: 'You must confirm your email before accessing this organization',
  },
};

/** Blocks the organization: the modal cannot be dismissed, only left for home (or the profile to confirm). */
export function AccessBlockedModal({ block }: { block: AccessBlock }) {
  const navigate = useNavigate();
  const { title, text } = ACCESS_BLOCK_TEXTS[block];
  return (
    <ModalDialog title={title} isOpen role="alertdialog">
      <Text>{text}</Text>
      <DialogActions>
        {block === 'email_unconfirmed' ? (
          <Button variant="secondary" onPress={() => navigate('/profile')}>
            Your Profile
          </Button>
        ) : null}
        <Button autoFocus onPress={() => navigate('/')}>
          GO TO HOME PAGE
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
