import type { CurrentUser } from '@tessera/sdk';
import { forms } from '@tessera/sdk/rules';
import { styled } from '@tessera/widgets/stitches';
import { Form, TextField } from '@tessera/widgets/ui';
import { useNavigate } from 'react-router';
import { useForm } from '../../forms/useForm';
import { useSession } from '../../state/session';
import { InfoTip } from '../../ui/InfoTip';
import { CardPage } from '../../ui/Page';
import { FormActions } from '../../forms/FormActions';
import { ConfirmationBanner } from './ConfirmationBanner';
import { profileValues, updateProfile } from './profileCalls';

const EMAIL_TOOLTIP = 'Changing your email requires you to confirm your new address.';

// The tip sits level with the input's middle: (40px control - 24px button) / 2 above the bottom edge.
const WithTip = styled('div', {
  display: 'flex',
  alignItems: 'flex-end',
  gap: '$2',
  '& > :first-child': { flex: 1 },
  '& > :last-child': { marginBottom: '8px' },
});
const ignore = () => {};

function ProfileForm({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const form = useForm({
    initialValues: profileValues(user),
    rules: forms.profile,
    submit: (values) => updateProfile(user, values),
    valuesAfterSuccess: (answer) => profileValues(answer.data),
    onSuccess: (answer) => useSession.getState().setUser(answer.data),
  });
  return (
    <Form onSubmit={form.handleSubmit} aria-label="Your profile">
      <TextField label="User ID" name="id" value={user.id} onChange={ignore} isReadOnly />
      <WithTip>
        <TextField label="Email address" type="email" autoComplete="email" {...form.bind('email')} />
        <InfoTip label="About changing your email" text={EMAIL_TOOLTIP} />
      </WithTip>
      <TextField label="Full Name" autoComplete="name" {...form.bind('name')} />
      <TextField label="Password" type="password" autoComplete="new-password" {...form.bind('password')} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" {...form.bind('password_confirmation')} />
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        description="Needed to change your email address or password."
        {...form.bind('current_password')}
      />
      <FormActions form={form} success="Profile Updated!" onCancel={() => navigate('/')} />
    </Form>
  );
}

/** /profile (spec 2.6): Your Profile. */
export function ProfilePage() {
  const user = useSession((state) => state.user);
  if (!user) return null;
  return (
    <CardPage title="Your Profile">
      {user.is_confirmed ? null : <ConfirmationBanner />}
      <ProfileForm user={user} />
    </CardPage>
  );
}
