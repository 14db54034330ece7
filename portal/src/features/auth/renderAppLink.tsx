import type { ReactNode } from 'react';
import { AppLink } from '../../ui/AppLink';

/** Lets the login widget's links (reset password, sign up) navigate inside the portal. */
export function renderAppLink(href: string, children: ReactNode) {
  return <AppLink to={href}>{children}</AppLink>;
}
