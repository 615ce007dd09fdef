import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'

import {
  CATEGORY_CREATED,
  CATEGORY_DELETED,
  CATEGORY_UPDATED,
  CONFIRM_DELETE_CATEGORY,
  FAILED_TO_CREATE_CATEGORY,
  FAILED_TO_DELETE_CATEGORY,
  FAILED_TO_UPDATE_CATEGORY,
  NO_CATEGORIES,
} from '../../../../shared/admin-content-messages'
import { fieldErrors, messageFromApiError } from '../../../../shared/api-error'
import { CATEGORY_COLOR_NAMES, CATEGORY_COLOR_PRESETS, DEFAULT_CATEGORY_COLOR } from '../../../../shared/constants'
import { categoryCreateSchema, categoryUpdateSchema } from '../../../../shared/schemas/content'
import type { CategorySummary } from '../../../../shared/types/content'
import { apiJson } from '../../../lib/api-client'
import { withQueryClient } from '../../../lib/query-client'
import { toast } from '../../../lib/stores/toast-store'
import { Button } from '../../ui/Button'
import { Field } from '../../ui/Field'
import { Input } from '../../ui/Input'
import { Spinner } from '../../ui/Spinner'
import { CARD_CLASS, cx } from '../../ui/styles'
import { ConfirmDelete } from './ConfirmDelete'
import { slugFromTitle } from './post-form'

export const CATEGORIES_WITH_COUNTS_QUERY_KEY = ['/api/categories', { withPostCount: true }] as const

const colorName = (color: string) => CATEGORY_COLOR_NAMES[color as keyof typeof CATEGORY_COLOR_NAMES] ?? color

type Values = { name: string; slug: string; description: string; color: string }
type Errors = Partial<Record<keyof Values, string>>
const EMPTY: Values = { name: '', slug: '', description: '', color: DEFAULT_CATEGORY_COLOR }

/** Categories (SPEC §2): the list with post counts, a form to add or edit one, delete with a confirm. */
function CategoriesManager() {
  const queryClient = useQueryClient()
  const categories = useQuery<CategorySummary[]>({ queryKey: CATEGORIES_WITH_COUNTS_QUERY_KEY })
  const [editing, setEditing] = useState<CategorySummary | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/categories'] })

  const remove = useMutation({
    mutationFn: (category: CategorySummary) => apiJson('DELETE', `/api/categories/${category.id}`),
    onSuccess: async (_result, category) => {
      toast({ title: CATEGORY_DELETED, description: `“${category.name}” has been deleted.` })
      if (editing?.id === category.id) setEditing(null)
      await refresh()
    },
    onError: (error) => toast({ title: FAILED_TO_DELETE_CATEGORY, description: messageFromApiError(error), variant: 'destructive' }),
  })

  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
      <CategoryForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} onSaved={refresh} />
      <section aria-labelledby="admin-categories-heading" className="min-w-0 space-y-4">
        <h2 id="admin-categories-heading" className="text-2xl font-bold">
          Categories
        </h2>
        {categories.isPending ? (
          <p className="flex items-center gap-2 text-muted-foreground" role="status">
            <Spinner /> Loading categories…
          </p>
        ) : categories.isError ? (
          <p role="alert" className="text-destructive dark:text-red-300">{messageFromApiError(categories.error)}</p>
        ) : categories.data.length === 0 ? (
          <p className={`${CARD_CLASS} p-6 text-muted-foreground`}>{NO_CATEGORIES}</p>
        ) : (
          <ul className="space-y-3">
            {categories.data.map((category) => (
              <li key={category.id} className={`${CARD_CLASS} flex flex-wrap items-start gap-4 p-4`}>
                <span aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 rounded-full border border-border" style={{ backgroundColor: category.color }} />
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">{category.name}</h3>
                  <p className="text-sm text-muted-foreground">
                    /{category.slug} · {colorName(category.color)} · {category.postCount ?? 0} published post{category.postCount === 1 ? '' : 's'}
                  </p>
                  {category.description && <p className="mt-1 text-sm break-words">{category.description}</p>}
                </div>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setEditing(category)}>
                    Edit<span className="sr-only"> {category.name}</span>
                  </Button>
                  <ConfirmDelete question={CONFIRM_DELETE_CATEGORY} itemName={category.name} onConfirm={() => remove.mutateAsync(category)} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function CategoryForm({ editing, onDone, onSaved }: { editing: CategorySummary | null; onDone: () => void; onSaved: () => Promise<unknown> }) {
  const prefix = useId()
  const id = (name: keyof Values) => `${prefix}-${name}`
  const creating = editing === null
  const [values, setValues] = useState<Values>(() =>
    editing ? { name: editing.name, slug: editing.slug, description: editing.description ?? '', color: editing.color } : EMPTY,
  )
  /** On creation the slug follows the name until it is typed by hand (SPEC §5). */
  const [slugTyped, setSlugTyped] = useState(!creating)
  const [errors, setErrors] = useState<Errors>({})
  const [attempted, setAttempted] = useState(false)
  const shown = { ...values, slug: slugTyped ? values.slug : slugFromTitle(values.name) }

  const validate = (next: Values) => {
    const result = creating ? categoryCreateSchema.safeParse(next) : categoryUpdateSchema.safeParse(next)
    return { result, errors: result.success ? {} : (fieldErrors(result.error) as Errors) }
  }
  const change = (name: keyof Values, value: string) => {
    const next = { ...values, [name]: value }
    const typed = name === 'slug' ? !creating || value.trim() !== '' : slugTyped
    setValues(next)
    setSlugTyped(typed)
    if (attempted) setErrors(validate({ ...next, slug: typed ? next.slug : slugFromTitle(next.name) }).errors)
  }

  const save = useMutation({
    mutationFn: (body: Values) =>
      creating ? apiJson<CategorySummary>('POST', '/api/categories', body) : apiJson<CategorySummary>('PUT', `/api/categories/${editing.id}`, body),
    onSuccess: async (saved) => {
      toast({ title: creating ? CATEGORY_CREATED : CATEGORY_UPDATED, description: `“${saved.name}” is saved.` })
      if (creating) {
        setValues(EMPTY)
        setSlugTyped(false)
        setAttempted(false)
      } else {
        onDone()
      }
      await onSaved()
    },
    onError: (error) =>
      toast({ title: creating ? FAILED_TO_CREATE_CATEGORY : FAILED_TO_UPDATE_CATEGORY, description: messageFromApiError(error), variant: 'destructive' }),
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (save.isPending) return
    setAttempted(true)
    const { result, errors: next } = validate(shown)
    setErrors(next)
    if (result.success) save.mutate(shown)
    else document.getElementById(id((['name', 'slug', 'description', 'color'] as const).find((n) => next[n]) ?? 'name'))?.focus()
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${prefix}-heading`} className={`${CARD_CLASS} h-fit space-y-5 p-5`}>
      <h2 id={`${prefix}-heading`} className="text-xl font-bold">
        {creating ? 'New category' : `Edit “${editing.name}”`}
      </h2>
      <Field id={id('name')} label="Name" error={errors.name}>
        {(a11y) => <Input {...a11y} value={shown.name} onChange={(e) => change('name', e.target.value)} autoComplete="off" />}
      </Field>
      <Field id={id('slug')} label="Slug" error={errors.slug} hint={creating ? 'Made from the name until you change it.' : undefined}>
        {(a11y) => <Input {...a11y} value={shown.slug} onChange={(e) => change('slug', e.target.value)} autoComplete="off" spellCheck={false} />}
      </Field>
      <Field id={id('description')} label="Description" labelSuffix="(optional)" error={errors.description}>
        {(a11y) => (
          <textarea
            {...a11y}
            rows={3}
            maxLength={500}
            value={shown.description}
            onChange={(e) => change('description', e.target.value)}
            className="block w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-base text-card-foreground aria-invalid:border-destructive"
          />
        )}
      </Field>
      <fieldset aria-describedby={errors.color ? `${id('color')}-error` : undefined}>
        <legend className="mb-2 text-sm font-semibold">Color</legend>
        <div className="grid grid-cols-4 gap-2">
          {CATEGORY_COLOR_PRESETS.map((color) => (
            <label key={color} className="relative flex cursor-pointer flex-col items-center gap-1 rounded-md p-1 text-xs has-[:checked]:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
              <input type="radio" name={id('color')} value={color} checked={shown.color === color} onChange={() => change('color', color)} className="absolute inset-0 h-full w-full cursor-pointer opacity-0" />
              <span aria-hidden="true" className={cx('h-8 w-8 rounded-full border-2', shown.color === color ? 'border-foreground' : 'border-transparent')} style={{ backgroundColor: color }} />
              {CATEGORY_COLOR_NAMES[color]}
            </label>
          ))}
        </div>
        {errors.color && (
          <p id={`${id('color')}-error`} className="mt-1 text-sm font-medium text-destructive dark:text-red-300">
            {errors.color}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3">
        {!creating && (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
        <Button type="submit" aria-disabled={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : creating ? 'Add category' : 'Save category'}
        </Button>
      </div>
    </form>
  )
}

export default withQueryClient(CategoriesManager)
