/**
 * Illustrated portraits of the demo mentors, drawn here as SVG (flat shapes, no photo of anyone), so
 * the directory shows faces the repository may ship. The seed renders each to a PNG and stores it
 * through the real headshot path (an upload in the mentor's own folder, then attachHeadshot), so
 * every variant exists as for an uploaded photo.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { renderHeadshotVariants } from '../../functions/adapters/image';
import { dynamoProfileStore } from '../../functions/data/profile-store';
import { attachHeadshot, headshotUploadPolicy } from '../../functions/domain/headshot';
import { media } from '../../functions/runtime/ports/media';

const SKIN = {
  porcelain: '#f6d5c0',
  light: '#eab894',
  olive: '#d1a073',
  tan: '#b98158',
  brown: '#8e5b3a',
  deep: '#5f3b24',
} as const;

const HAIR = {
  black: '#1f1a17',
  darkBrown: '#4a2e1d',
  brown: '#7a4b2b',
  auburn: '#9c4a22',
  blond: '#d2ad6a',
  grey: '#a3a3a3',
  silver: '#d9d9d6',
} as const;

type HairStyle = 'short' | 'sidePart' | 'long' | 'bun' | 'curly' | 'receding' | 'bob';

export interface PortraitLook {
  skin: keyof typeof SKIN;
  hair: keyof typeof HAIR;
  style: HairStyle;
  /** The shirt under the white coat. */
  shirt: string;
  background: string;
  glasses?: boolean;
  beard?: boolean;
}

/** One look per demo mentor, by full name. */
export const DEMO_PORTRAITS: Record<string, PortraitLook> = {
  'Morgan Ellis': { skin: 'light', hair: 'brown', style: 'sidePart', shirt: '#1e40af', background: '#bfdbfe' },
  'Adaeze Okafor': { skin: 'deep', hair: 'black', style: 'bun', shirt: '#9d174d', background: '#fbcfe8' },
  'Daniel Reyes': { skin: 'tan', hair: 'black', style: 'short', shirt: '#065f46', background: '#a7f3d0', beard: true },
  'Priya Raghunathan': { skin: 'brown', hair: 'black', style: 'long', shirt: '#6d28d9', background: '#ddd6fe' },
  'Marcus Whitfield': {
    skin: 'deep',
    hair: 'grey',
    style: 'receding',
    shirt: '#0f172a',
    background: '#cbd5e1',
    glasses: true,
  },
  'Helen Kowalczyk': { skin: 'porcelain', hair: 'silver', style: 'bob', shirt: '#b45309', background: '#fde68a' },
  'Kwame Asante': { skin: 'deep', hair: 'black', style: 'curly', shirt: '#c2410c', background: '#fed7aa', beard: true },
  'Mei-Lin Zhao': {
    skin: 'light',
    hair: 'black',
    style: 'bob',
    shirt: '#0e7490',
    background: '#a5f3fc',
    glasses: true,
  },
  'Rafael Mendonça': { skin: 'olive', hair: 'darkBrown', style: 'curly', shirt: '#4338ca', background: '#c7d2fe' },
  'Eleanor Hartley': { skin: 'porcelain', hair: 'auburn', style: 'long', shirt: '#047857', background: '#bbf7d0' },
  'Thomas Nguyen': {
    skin: 'light',
    hair: 'black',
    style: 'sidePart',
    shirt: '#be123c',
    background: '#fecdd3',
    glasses: true,
  },
  'Sofia Delgado-Baird': { skin: 'olive', hair: 'brown', style: 'long', shirt: '#a21caf', background: '#f5d0fe' },
  'Jonah Feldman': {
    skin: 'light',
    hair: 'auburn',
    style: 'short',
    shirt: '#334155',
    background: '#e2e8f0',
    beard: true,
  },
  'Amira Haddad': { skin: 'tan', hair: 'darkBrown', style: 'bun', shirt: '#0f766e', background: '#99f6e4' },
  'Gabriel Laurent': { skin: 'porcelain', hair: 'blond', style: 'short', shirt: '#1d4ed8', background: '#dbeafe' },
};

/** Hair behind the head (long styles), drawn before the face. */
function hairBehind(style: HairStyle, fill: string): string {
  switch (style) {
    case 'long':
      return `<path d="M146 240 C140 120 372 120 366 240 L382 430 C330 450 182 450 130 430 Z" fill="${fill}"/>`;
    case 'bob':
      return `<path d="M144 236 C140 118 372 118 368 236 L372 330 C340 350 172 350 140 330 Z" fill="${fill}"/>`;
    case 'bun':
      return `<circle cx="256" cy="104" r="48" fill="${fill}"/>`;
    default:
      return '';
  }
}

/** Hair over the top of the head. */
function hairFront(style: HairStyle, fill: string): string {
  switch (style) {
    case 'receding':
      return [
        `<path d="M156 250 C150 200 164 170 184 158 C176 190 174 220 178 252 Z" fill="${fill}"/>`,
        `<path d="M356 250 C362 200 348 170 328 158 C336 190 338 220 334 252 Z" fill="${fill}"/>`,
      ].join('');
    case 'curly':
      return Array.from({ length: 9 }, (_, i) => {
        const angle = Math.PI * (0.95 + (i / 8) * 1.1);
        const x = 256 + Math.cos(angle) * 100;
        const y = 215 + Math.sin(angle) * 100;
        return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="38" fill="${fill}"/>`;
      }).join('');
    case 'sidePart':
      return `<path d="M152 240 C140 120 240 100 290 112 C350 124 372 170 360 240 C340 190 300 166 226 170 C200 180 170 200 152 240 Z" fill="${fill}"/>`;
    default:
      return `<path d="M154 236 C146 130 220 108 256 108 C300 108 366 130 358 236 C340 186 300 160 256 160 C212 160 172 186 154 236 Z" fill="${fill}"/>`;
  }
}

/** A flat head-and-shoulders drawing: white coat over a coloured shirt, on a coloured ground. */
export function portraitSvg(look: PortraitLook): string {
  const skin = SKIN[look.skin];
  const hair = HAIR[look.hair];
  const shade = 'rgba(0,0,0,0.12)';
  const features = '#1a120e';
  // On a beard a dark smile would vanish.
  const smile = look.beard ? '#f3d3c4' : features;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="${look.background}"/>
  ${hairBehind(look.style, hair)}
  <rect x="218" y="310" width="76" height="80" rx="20" fill="${skin}"/>
  <rect x="218" y="310" width="76" height="36" fill="${shade}"/>
  <path d="M60 512 C60 410 150 370 256 370 C362 370 452 410 452 512 Z" fill="#f8fafc"/>
  <path d="M204 372 L256 470 L308 372 C290 366 222 366 204 372 Z" fill="${look.shirt}"/>
  <path d="M204 372 L256 470 L232 512 L180 512 L176 382 Z" fill="#e2e8f0"/>
  <path d="M308 372 L256 470 L280 512 L332 512 L336 382 Z" fill="#e2e8f0"/>
  <circle cx="158" cy="252" r="22" fill="${skin}"/>
  <circle cx="354" cy="252" r="22" fill="${skin}"/>
  <ellipse cx="256" cy="240" rx="100" ry="118" fill="${skin}"/>
  ${look.beard ? `<path d="M160 260 C170 350 220 362 256 362 C292 362 342 350 352 260 C340 300 320 318 256 318 C192 318 172 300 160 260 Z" fill="${hair}"/>` : ''}
  ${hairFront(look.style, hair)}
  <rect x="200" y="212" width="42" height="9" rx="4.5" fill="${hair}"/>
  <rect x="270" y="212" width="42" height="9" rx="4.5" fill="${hair}"/>
  <circle cx="221" cy="248" r="10" fill="${features}"/>
  <circle cx="291" cy="248" r="10" fill="${features}"/>
  <circle cx="224.5" cy="244.5" r="3" fill="#ffffff"/>
  <circle cx="294.5" cy="244.5" r="3" fill="#ffffff"/>
  <path d="M256 256 Q246 282 260 286" stroke="${shade}" stroke-width="6" fill="none" stroke-linecap="round"/>
  <path d="M228 304 Q256 326 284 304" stroke="${smile}" stroke-width="7" fill="none" stroke-linecap="round"/>
  ${
    look.glasses
      ? `<g stroke="${features}" stroke-width="6" fill="none"><circle cx="221" cy="248" r="26"/><circle cx="291" cy="248" r="26"/><path d="M247 246 Q256 240 265 246"/></g>`
      : ''
  }
</svg>`;
}

/**
 * Gives each demo mentor who has no headshot their portrait, uploaded and attached as a mentor's own
 * photo would be.
 */
export async function seedDemoPortraits(mentors: { userId: string; firstName: string; lastName: string }[]) {
  const services = {
    media: media(),
    profiles: dynamoProfileStore,
    renderVariants: renderHeadshotVariants,
  };
  for (const mentor of mentors) {
    const look = DEMO_PORTRAITS[`${mentor.firstName} ${mentor.lastName}`];
    const profile = await dynamoProfileStore.get(mentor.userId);
    if (!look || !profile || profile.headshotUrl) continue;
    const png = await sharp(Buffer.from(portraitSvg(look)))
      .png()
      .toBuffer();
    const { key } = headshotUploadPolicy(mentor.userId, 'image/png', randomUUID());
    await services.media.put(key, png, 'image/png');
    await attachHeadshot(services, mentor.userId, key, new Date());
  }
}
