import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Header, Logo, LogoMark, Main } from './Chrome';

/**
 * Guest-only and open screens: the wordmark above one centered card. Part of the entry chunk (the exception
 * pages use it); the root error boundary hands its page in as children.
 */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <>
      <Header>
        <Logo to="/">
          <LogoMark />
          Tessera
        </Logo>
      </Header>
      <Main layout="centered">{children ?? <Outlet />}</Main>
    </>
  );
}
