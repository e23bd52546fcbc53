/**
 * The floor of the web bench (bench/web.ts): the least a page built on the product's stack can do —
 * React and Mantine with its stylesheet, drawing the login form and nothing else (no router, no
 * words, no session, no service worker). The login page's time against this one is what the app
 * adds; this one's time against the static page is what the stack costs.
 */
import '@mantine/core/styles.css';
import { Button, Card, MantineProvider, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <Stack mih="100vh" justify="center" align="center" bg="var(--mantine-color-gray-0)">
      <Card w={440} p="xl" shadow="xs">
        <form onSubmit={(e) => e.preventDefault()}>
          <Stack>
            <Title order={3}>Masuk</Title>
            <TextInput label="Username" name="username" />
            <PasswordInput label="Password" name="password" />
            <Button type="submit">Masuk</Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  </MantineProvider>,
);
