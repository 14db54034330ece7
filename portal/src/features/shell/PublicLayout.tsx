import { Outlet } from 'react-router';
import { Header, Logo, Main } from './Chrome';

/** Guest-only and open screens: the wordmark above one centered card. */
export function PublicLayout() {
  return (
    <>
      <Header>
        <Logo to="/">Tessera</Logo>
      </Header>
      <Main layout="centered">
        <Outlet />
      </Main>
    </>
  );
}
