import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { EditorShortcutsClient as EditorShortcutsClient_11598c2bbb491a5685d1ed2402dd24fa } from '../../../components/editor/EditorShortcutsClient'
import { BlocksFeatureClient as BlocksFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { codeConverterClient as codeConverterClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { CodeBlockBlockComponent as CodeBlockBlockComponent_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { NoDiff as NoDiff_67345802d5bf4a915385c169b149e9ad } from '../../../components/NoDiff'
import { SiteZoneDateCell as SiteZoneDateCell_38b4c6d5c74c716c4328c6540630f618 } from '../../../components/SiteZoneDateCell'
import { SiteZoneDateField as SiteZoneDateField_1a8d53b9c2fde9aefcd433c3a2c602c0 } from '../../../components/SiteZoneDateField'
import { ReadingStats as ReadingStats_e4584db091309b7dfff21c6098d55bd5 } from '../../../components/ReadingStats'
import { MetaTitleComponent as MetaTitleComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { MetaDescriptionComponent as MetaDescriptionComponent_a8a977ebc872c5d5ea7ee689724c0860 } from '@payloadcms/plugin-seo/client'
import { SeoPreview as SeoPreview_99dd45f841ac5abaab172f3665586e3d } from '../../../components/SeoPreview'
import { AutosaveGuard as AutosaveGuard_9b301fceb2da1ec21021b3cbd39d42d1 } from '../../../components/AutosaveGuard'
import { SchedulePublishDefaults as SchedulePublishDefaults_095a8b79102566f6ea5fd1aaba38ba21 } from '../../../components/SchedulePublishDefaults'
import { UntitledDraftCleanup as UntitledDraftCleanup_f54d62143ac8009038c52275adf14174 } from '../../../components/UntitledDraftCleanup'
import { DurationCell as DurationCell_a65bdf1fc80f44533c5d7292dd4d0d61 } from '../../../components/DurationCell'
import { DurationField as DurationField_dd4d4d15ca111a45570c0d7b7ef8bc3c } from '../../../components/DurationField'
import { YesNoCell as YesNoCell_afd0d3c250076af2bc13ff5497e541bf } from '../../../components/YesNoCell'
import { KeyMomentRowLabel as KeyMomentRowLabel_62765a3948ef3ab4c816e46d8072ce38 } from '../../../components/KeyMomentRowLabel'
import { ColorSwatchCell as ColorSwatchCell_43905a77ee58ba7cfa13fc5baff4261b } from '../../../components/ColorSwatchCell'
import { ColorSwatchField as ColorSwatchField_6b8ecc267399acc536623c5290b13b83 } from '../../../components/ColorSwatchField'
import { EmailField as EmailField_3817bf644402e67bfe6577f60ef982de } from '@payloadcms/ui'
import { JsonView as JsonView_960b80fa6dd849a938ffe34a4a0bfb02 } from '../../../components/JsonView'
import { JsonTextField as JsonTextField_d803544cbdc4379c14fe559ebb9953f1 } from '../../../components/JsonTextField'
import { SiteTimeZoneProvider as SiteTimeZoneProvider_1addce89b682245f5a5418775c213a55 } from '../../../components/SiteTimeZoneProvider'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { CmsLoginView as CmsLoginView_44ac16080d9bb9a9f3b250237dc3831f } from '../../../components/login/CmsLoginView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "/components/editor/EditorShortcutsClient#EditorShortcutsClient": EditorShortcutsClient_11598c2bbb491a5685d1ed2402dd24fa,
  "@payloadcms/richtext-lexical/client#BlocksFeatureClient": BlocksFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#codeConverterClient": codeConverterClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#CodeBlockBlockComponent": CodeBlockBlockComponent_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/components/NoDiff#NoDiff": NoDiff_67345802d5bf4a915385c169b149e9ad,
  "/components/SiteZoneDateCell#SiteZoneDateCell": SiteZoneDateCell_38b4c6d5c74c716c4328c6540630f618,
  "/components/SiteZoneDateField#SiteZoneDateField": SiteZoneDateField_1a8d53b9c2fde9aefcd433c3a2c602c0,
  "/components/ReadingStats#ReadingStats": ReadingStats_e4584db091309b7dfff21c6098d55bd5,
  "@payloadcms/plugin-seo/client#MetaTitleComponent": MetaTitleComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "@payloadcms/plugin-seo/client#MetaDescriptionComponent": MetaDescriptionComponent_a8a977ebc872c5d5ea7ee689724c0860,
  "/components/SeoPreview#SeoPreview": SeoPreview_99dd45f841ac5abaab172f3665586e3d,
  "/components/AutosaveGuard#AutosaveGuard": AutosaveGuard_9b301fceb2da1ec21021b3cbd39d42d1,
  "/components/SchedulePublishDefaults#SchedulePublishDefaults": SchedulePublishDefaults_095a8b79102566f6ea5fd1aaba38ba21,
  "/components/UntitledDraftCleanup#UntitledDraftCleanup": UntitledDraftCleanup_f54d62143ac8009038c52275adf14174,
  "/components/DurationCell#DurationCell": DurationCell_a65bdf1fc80f44533c5d7292dd4d0d61,
  "/components/DurationField#DurationField": DurationField_dd4d4d15ca111a45570c0d7b7ef8bc3c,
  "/components/YesNoCell#YesNoCell": YesNoCell_afd0d3c250076af2bc13ff5497e541bf,
  "/components/KeyMomentRowLabel#KeyMomentRowLabel": KeyMomentRowLabel_62765a3948ef3ab4c816e46d8072ce38,
  "/components/ColorSwatchCell#ColorSwatchCell": ColorSwatchCell_43905a77ee58ba7cfa13fc5baff4261b,
  "/components/ColorSwatchField#ColorSwatchField": ColorSwatchField_6b8ecc267399acc536623c5290b13b83,
  "@payloadcms/ui#EmailField": EmailField_3817bf644402e67bfe6577f60ef982de,
  "/components/JsonView#JsonView": JsonView_960b80fa6dd849a938ffe34a4a0bfb02,
  "/components/JsonTextField#JsonTextField": JsonTextField_d803544cbdc4379c14fe559ebb9953f1,
  "/components/SiteTimeZoneProvider#SiteTimeZoneProvider": SiteTimeZoneProvider_1addce89b682245f5a5418775c213a55,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "/components/login/CmsLoginView#CmsLoginView": CmsLoginView_44ac16080d9bb9a9f3b250237dc3831f,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
