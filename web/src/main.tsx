import './index.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { router } from '@/app/router';
import { RuntimeConfigGate } from '@/app/runtime-config-gate';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <RuntimeConfigGate>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
          <Toaster richColors position="top-center" />
        </AuthProvider>
      </QueryClientProvider>
    </RuntimeConfigGate>
  </StrictMode>,
);
