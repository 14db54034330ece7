import { Alert } from '@tessera/widgets/ui';
import { styled } from '@tessera/widgets/stitches';

const List = styled('ul', { margin: 0, paddingLeft: '$4' });

/** The form-failure alert: errors that belong to no visible field (spec section 5). */
export function FormFailure({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <Alert tone="error">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <List>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </List>
      )}
    </Alert>
  );
}
