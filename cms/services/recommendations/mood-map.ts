// The starter vocabulary: which tags suit each of the ten moods (SPEC §3 User mood). Written once
// by the For You migration (on an existing site too) and then the admins' to edit in /cms
// (Content tags → "Suits these moods"). Names match tags the creator already uses on videos, so
// the mood map reaches real items from the first day. Pure data: the migration imports it.
import type { Mood } from '../../../shared/constants'

export type StarterTag = { name: string; category: 'mood' | 'topic' | 'emotion' | 'theme' | 'genre'; description: string; moods: Mood[] }

export const STARTER_TAGS: readonly StarterTag[] = [
  { name: 'uplifting stories', category: 'theme', description: 'uplifting community stories', moods: ['hopeful', 'inspired', 'peaceful'] },
  { name: 'community wins', category: 'theme', description: 'community wins', moods: ['hopeful', 'inspired', 'energized'] },
  { name: 'accountability', category: 'theme', description: 'holding power to account', moods: ['angry', 'frustrated', 'determined'] },
  { name: 'action you can take', category: 'theme', description: 'action you can take', moods: ['angry', 'determined', 'energized', 'frustrated'] },
  { name: 'healing', category: 'theme', description: 'healing and care', moods: ['sad', 'peaceful', 'reflective'] },
  { name: 'personal story', category: 'genre', description: 'personal stories', moods: ['reflective', 'sad', 'inspired'] },
  { name: 'explainer', category: 'genre', description: 'clear explainers', moods: ['curious', 'frustrated'] },
  { name: 'joy', category: 'emotion', description: 'joy and celebration', moods: ['energized', 'peaceful', 'hopeful', 'sad'] },
  { name: 'culture', category: 'theme', description: 'our culture', moods: ['inspired', 'energized', 'peaceful'] },
  { name: 'faith', category: 'theme', description: 'faith and reflection', moods: ['peaceful', 'reflective', 'sad'] },
  { name: 'reflection', category: 'emotion', description: 'quiet reflection', moods: ['reflective', 'peaceful'] },
  { name: 'history', category: 'topic', description: 'our history', moods: ['reflective', 'curious', 'inspired'] },
  { name: 'black history', category: 'topic', description: 'Black history', moods: ['reflective', 'inspired', 'curious'] },
  { name: 'civil rights', category: 'topic', description: 'the civil rights story', moods: ['inspired', 'determined', 'reflective'] },
  { name: 'organising', category: 'topic', description: 'organising that works', moods: ['determined', 'energized', 'angry', 'hopeful'] },
  { name: 'activism', category: 'theme', description: 'people taking action', moods: ['energized', 'determined', 'angry'] },
  { name: 'voting rights', category: 'topic', description: 'voting and civic power', moods: ['determined', 'hopeful', 'angry'] },
  { name: 'police accountability', category: 'topic', description: 'police accountability', moods: ['angry', 'frustrated', 'determined'] },
  { name: 'economic justice', category: 'topic', description: 'economic justice', moods: ['frustrated', 'determined', 'curious'] },
  { name: 'mutual aid', category: 'topic', description: 'neighbours helping neighbours', moods: ['hopeful', 'determined', 'inspired'] },
  { name: 'community health', category: 'topic', description: 'community health', moods: ['hopeful', 'peaceful', 'sad'] },
  { name: 'mental health', category: 'topic', description: 'mental health and care', moods: ['sad', 'peaceful', 'reflective'] },
  { name: 'diaspora', category: 'topic', description: 'the diaspora', moods: ['curious', 'reflective', 'inspired'] },
  { name: 'education', category: 'topic', description: 'learning and schools', moods: ['curious', 'hopeful'] },
  { name: 'media literacy', category: 'topic', description: 'reading the news well', moods: ['curious', 'frustrated'] },
  { name: 'entrepreneurship', category: 'topic', description: 'Black-owned business', moods: ['inspired', 'energized', 'hopeful'] },
]
