import { useEffect } from 'react'

import { LOGIN_REQUIRED, LOGIN_TO_SUBSCRIBE } from '../../../shared/messages'
import { toast } from '../../lib/stores/toast-store'

/** /premium for a visitor (SPEC §2): the 'Login Required' toast once the page is up. */
export default function LoginRequiredToast() {
  useEffect(() => {
    toast({ title: LOGIN_REQUIRED, description: LOGIN_TO_SUBSCRIBE })
  }, [])
  return null
}
