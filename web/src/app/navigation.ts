export const MAIN_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/coaches', label: 'Find a Mentor' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/about', label: 'About' },
] as const;

export const FOOTER_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/coaches', label: 'Find a Mentor' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
] as const;
