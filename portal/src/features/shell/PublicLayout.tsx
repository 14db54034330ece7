import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { MAIN_ID, SkipLink } from '../../ui/SkipLink';
import { Header, Logo, LogoMark, Main } from './Chrome';

/**
 * Guest-only and open screens: the wordmark above one centered card. Part of the entry chunk (the exception
 * pages use it); the root error boundary hands its page in as children.
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <>
      <SkipLink />
      <Header>
        <Logo to="/">
          <LogoMark />
          Tessera
        </Logo>
      </Header>
      <Main layout="centered" id={MAIN_ID} tabIndex={-1}>
        {children ?? <Outlet />}
      </Main>
    </>
  );
}
