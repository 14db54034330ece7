import { Outlet } from 'react-router';
import { Header, Logo, LogoMark, Main } from './Chrome';

/** Guest-only and open screens: the wordmark above one centered card. */
export function PublicLayout() {
  return (
    <>
      <Header>
        <Logo to="/">
          <LogoMark />
          Tessera
        </Logo>
      </Header>
      <Main layout="centered">
        <Outlet />
      </Main>
    </>
  );
}
