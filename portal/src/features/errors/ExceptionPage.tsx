import { Button } from '@tessera/widgets/ui';
import { useNavigate } from 'react-router';
import { CardPage } from '../../ui/Page';

/** The exception pages of spec 2.2: a title and a GO TO HOME PAGE button, no other message. */
export function ExceptionPage({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <CardPage title={title}>
      <Button onPress={() => navigate('/')}>GO TO HOME PAGE</Button>
    </CardPage>
  );
}

export const EXCEPTION_TITLES = {
  whoops: '500 - Something went wrong',
  noResponse: 'No Response From Server',
  forbidden: '403 - Forbidden',
  notFound: '404 - Not Found',
} as const;
